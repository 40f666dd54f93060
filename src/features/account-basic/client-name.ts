// A sign-in's browser and system in a few words ("Chrome · Windows") from its User-Agent, so the
// login history reads like the buyer's own devices; the raw string stays in the cell's title.
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/i, '微信'],
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function clientName(userAgent: string): string {
  if (userAgent.trim() === '') return '未知设备';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  const parts = [browser, system].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' · ') : '其他客户端';
}
