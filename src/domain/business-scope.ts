// 经营范围 classes a company may be licensed for; companies.business_scope holds these codes and
// the goods' scope class is checked against them.
export const BUSINESS_SCOPES = [
  { code: 'xy', label: '西药' },
  { code: 'zcy', label: '中成药' },
  { code: 'zyyp', label: '中药饮片' },
  { code: 'qx', label: '医疗器械' },
  { code: 'bjsp', label: '保健食品' },
  { code: 'jsyp', label: '计生用品' },
] as const;
export type BusinessScopeCode = (typeof BUSINESS_SCOPES)[number]['code'];
export const BUSINESS_SCOPE_CODES: readonly string[] = BUSINESS_SCOPES.map((s) => s.code);
