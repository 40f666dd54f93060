// The 省/市/区 data and its helpers (src/domain/regions.ts): mainland provinces, 直辖市 as one city,
// 省直辖县级 units as cities of one district, and regionError()'s first wrong level.
import { describe, expect, it } from 'vitest';
import { loadedRegions, loadRegions, regionError, regionsOf, type Regions } from '../../src/domain/regions';
import data from '../../src/domain/regions-data.json';

let regions: Regions;

describe('the region data', () => {
  it('loads once and is then available synchronously', async () => {
    const first = loadRegions();
    expect(loadRegions()).toBe(first);
    regions = await first;
    expect(loadedRegions()).toBe(regions);
  });

  it('has the 31 provincial-level units of the mainland, roughly 370 cities and 3,000 districts', () => {
    const provinces = regions.provinces();
    expect(provinces).toHaveLength(31);
    expect(provinces).toEqual(
      expect.arrayContaining(['北京市', '广东省', '内蒙古自治区', '新疆维吾尔自治区', '重庆市']),
    );
    expect(provinces).not.toContain('香港特别行政区');
    const cities = provinces.flatMap((p) => regions.citiesOf(p).map((c) => [p, c] as const));
    expect(cities.length).toBeGreaterThan(330);
    expect(cities.length).toBeLessThan(400);
    const districts = cities.reduce((n, [p, c]) => n + regions.districtsOf(p, c).length, 0);
    expect(districts).toBeGreaterThan(2800);
    expect(districts).toBeLessThan(3300);
    // No placeholder levels survive the build script.
    for (const [, c] of cities)
      expect(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']).not.toContain(c);
  });

  it('lists cities and districts in the dataset order', () => {
    expect(regions.citiesOf('广东省').slice(0, 3)).toEqual(['广州市', '韶关市', '深圳市']);
    expect(regions.districtsOf('广东省', '广州市')).toContain('天河区');
    expect(regions.districtsOf('广东省', '广州市')).toHaveLength(11);
    expect(regions.citiesOf('火星')).toEqual([]);
    expect(regions.districtsOf('广东省', '武汉市')).toEqual([]);
  });

  it('makes each 直辖市 one city named like the province', () => {
    for (const m of ['北京市', '天津市', '上海市', '重庆市']) expect(regions.citiesOf(m)).toEqual([m]);
    expect(regions.districtsOf('北京市', '北京市')).toHaveLength(16);
    // 重庆's 市辖区 and 县 are merged: 26 districts and 12 counties.
    expect(regions.districtsOf('重庆市', '重庆市')).toHaveLength(38);
    expect(regions.isKnownRegion('重庆市', '重庆市', '城口县')).toBe(true);
    expect(regions.isKnownRegion('北京市', '市辖区', '东城区')).toBe(false);
  });

  it('makes each 省直辖县级 unit a city whose only district is itself', () => {
    for (const unit of ['仙桃市', '潜江市', '天门市', '神农架林区']) {
      expect(regions.citiesOf('湖北省')).toContain(unit);
      expect(regions.districtsOf('湖北省', unit)).toEqual([unit]);
    }
    expect(regions.isKnownRegion('河南省', '济源市', '济源市')).toBe(true);
    expect(regions.isKnownRegion('海南省', '五指山市', '五指山市')).toBe(true);
    expect(regions.isKnownRegion('新疆维吾尔自治区', '石河子市', '石河子市')).toBe(true);
    expect(regions.isKnownRegion('湖北省', '省直辖县级行政区划', '仙桃市')).toBe(false);
  });

  it('knows real combinations and refuses mixed-up ones', () => {
    expect(regions.isKnownRegion('广东省', '广州市', '天河区')).toBe(true);
    expect(regions.isKnownRegion('湖北省', '武汉市', '江汉区')).toBe(true);
    expect(regions.isKnownRegion('四川省', '成都市', '青羊区')).toBe(true);
    expect(regions.isKnownRegion('广东省', '广州市', '南山区')).toBe(false);
    expect(regions.isKnownRegion('湖北省', '广州市', '天河区')).toBe(false);
    expect(regions.isKnownRegion('广东', '广州', '天河')).toBe(false);
    expect(regions.isKnownRegion('', '', '')).toBe(false);
  });
});

describe('regionError', () => {
  const at = (province: string, city: string, district: string) => regionError(regions, { province, city, district });

  it('names the first level that is not a known place', () => {
    expect(at('广东省', '广州市', '天河区')).toBeNull();
    expect(at('广东', '广州市', '天河区')).toEqual({ field: 'province', message: '请选择正确的省份' });
    expect(at('广东省', '武汉市', '天河区')).toEqual({ field: 'city', message: '请选择正确的城市' });
    expect(at('广东省', '广州市', '南山区')).toEqual({ field: 'district', message: '请选择正确的区县' });
  });

  it('leaves empty values to the required-field rules', () => {
    expect(at('', '', '')).toBeNull();
    expect(at('广东省', '', '')).toBeNull();
    expect(at('广东省', '广州市', '')).toBeNull();
    expect(at('火星', '', '')).toEqual({ field: 'province', message: '请选择正确的省份' });
  });
});

describe('regionsOf', () => {
  it('works on any data of the same shape', () => {
    const tiny = regionsOf([['甲省', [['乙市', ['丙区', '丁县']]]]]);
    expect(tiny.provinces()).toEqual(['甲省']);
    expect(tiny.citiesOf('甲省')).toEqual(['乙市']);
    expect(tiny.districtsOf('甲省', '乙市')).toEqual(['丙区', '丁县']);
    expect(tiny.isKnownRegion('甲省', '乙市', '丁县')).toBe(true);
  });

  it('matches the generated file', () => {
    expect(regionsOf(data as unknown as Parameters<typeof regionsOf>[0]).provinces()).toEqual(regions.provinces());
  });
});
