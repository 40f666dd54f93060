// Uploading a purchase list (CSV/XLSX read on the device) and the camera scanner's pure rules:
// which files are taken and how they are decoded, which rows are goods, when a decoded code is a
// new scan, what a camera failure tells the buyer, and how a scanned goods lands on the pad.
import { Workbook } from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  LIST_FILE_EMPTY,
  LIST_FILE_GARBLED,
  LIST_FILE_OLD_EXCEL,
  LIST_FILE_TOO_BIG,
  LIST_FILE_TOO_MANY,
  LIST_FILE_WRONG_TYPE,
  LIST_TEMPLATE_CSV,
  MAX_LIST_FILE_BYTES,
  decodeListText,
  listFileKind,
  tableToPasteText,
} from '../../src/domain/list-file';
import { parsePastedList } from '../../src/domain/quick-purchase';
import { readListFile } from '../../src/features/quick-purchase/list-file-reader';
import { mergeScanned, rowsOf } from '../../src/features/quick-purchase/paste-rows';
import {
  CAMERA_BUSY,
  CAMERA_DENIED,
  CAMERA_FAILED,
  CAMERA_NOT_FOUND,
  SAME_SCAN_GAP_MS,
  acceptScan,
  cameraErrorMessage,
  cameraSupported,
} from '../../src/widgets/barcode-scanner/scan-rules';
import type { MatchedLine } from '../../src/domain/quick-purchase';
import { makeGoods } from '../component/goods-fixtures';
import { barcodeRgba } from '../helpers/barcode-image';
import { decodeImage } from '../../src/widgets/barcode-scanner/barcode-decoder';
import { matchLinesLocally } from '../../src/domain/quick-purchase-match';

const utf8 = (s: string) => new TextEncoder().encode(s);
const hex = (h: string) => Uint8Array.from(h.match(/../gu)!.map((b) => parseInt(b, 16)));
const file = (name: string, bytes: Uint8Array) => ({ name, arrayBuffer: async () => bytes.slice().buffer });

// '商品,规格,数量\r\n感冒灵颗粒,10g*9袋,3\r\n"板蓝根颗粒, 无糖",,2\r\n' as GB18030 (Chinese Excel's "CSV").
const GB18030_CSV = hex(
  'c9ccc6b72cb9e6b8f12ccafdc1bf0d0ab8d0c3b0c1e9bfc5c1a32c3130672a39b4fc2c330d0a22b0e5c0b6b8f9bfc5c1a32c20cedeccc7222c2c320d0a',
);

async function xlsx(rows: (string | number | null)[][], sheets = 1): Promise<Uint8Array> {
  const wb = new Workbook();
  for (let i = 1; i < sheets; i += 1) wb.addWorksheet(`空表${i}`);
  const ws = wb.addWorksheet('清单');
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('listFileKind', () => {
  it('reads the content before the name: a zip is XLSX, an OLE2 file is old Excel', () => {
    expect(listFileKind('清单.csv', hex('504b0304aaaa'))).toEqual({ ok: true, kind: 'xlsx' });
    expect(listFileKind('清单.xls', hex('d0cf11e0a1b11ae1'))).toEqual({ ok: false, message: LIST_FILE_OLD_EXCEL });
    expect(listFileKind('清单.CSV', utf8('a,1'))).toEqual({ ok: true, kind: 'csv' });
    expect(listFileKind('清单.xlsx', utf8('not a zip'))).toEqual({ ok: false, message: LIST_FILE_GARBLED });
    expect(listFileKind('照片.png', hex('89504e47'))).toEqual({ ok: false, message: LIST_FILE_WRONG_TYPE });
  });

  it('refuses an empty file and one over 2 MB', () => {
    expect(listFileKind('a.csv', new Uint8Array())).toEqual({ ok: false, message: LIST_FILE_EMPTY });
    expect(listFileKind('a.csv', new Uint8Array(MAX_LIST_FILE_BYTES + 1))).toEqual({
      ok: false,
      message: LIST_FILE_TOO_BIG,
    });
  });
});

describe('decodeListText', () => {
  it('UTF-8 with and without BOM, UTF-16 with BOM, else GB18030', () => {
    expect(decodeListText(utf8('\ufeff感冒灵颗粒,3'))).toEqual({ ok: true, text: '感冒灵颗粒,3', encoding: 'utf-8' });
    expect(decodeListText(utf8('感冒灵颗粒,3'))).toMatchObject({ ok: true, text: '感冒灵颗粒,3' });
    expect(decodeListText(hex('fffe1f5c01ff'))).toMatchObject({ ok: true, encoding: 'utf-16le' });
    const gb = decodeListText(GB18030_CSV);
    expect(gb).toMatchObject({ ok: true, encoding: 'gb18030' });
    expect(gb.ok && gb.text.startsWith('商品,规格,数量\r\n感冒灵颗粒,10g*9袋,3')).toBe(true);
  });

  it('refuses binary content rather than matching mojibake', () => {
    expect(decodeListText(hex('00010203ff'))).toEqual({ ok: false, message: LIST_FILE_GARBLED });
    expect(decodeListText(utf8('感冒灵\u0000颗粒'))).toEqual({ ok: false, message: LIST_FILE_GARBLED });
    // Bytes valid in neither UTF-8 nor GB18030 (0x80 alone, 0xff).
    expect(decodeListText(hex('41ff80ff'))).toEqual({ ok: false, message: LIST_FILE_GARBLED });
  });
});

describe('tableToPasteText', () => {
  it('drops the header and blank rows, joins cells by tabs and keeps a cell in one line', () => {
    const res = tableToPasteText([
      ['商品名称', '规格', '数量'],
      ['', '', ''],
      ['感冒灵颗粒', '10g*9袋', '3'],
      ['板蓝根\n颗粒', '', '2'],
      ['11', '', ''],
    ]);
    expect(res).toEqual({ ok: true, text: '感冒灵颗粒\t10g*9袋\t3\n板蓝根 颗粒\t\t2\n11', lines: 3 });
  });

  it('a first row that names goods is a goods row, not a header', () => {
    expect(tableToPasteText([['感冒灵颗粒', '3']])).toEqual({ ok: true, text: '感冒灵颗粒\t3', lines: 1 });
  });

  it('refuses a table with no goods rows and one with more than 1,000', () => {
    expect(
      tableToPasteText([
        ['商品', '数量'],
        [' ', ''],
      ]),
    ).toEqual({ ok: false, message: LIST_FILE_EMPTY });
    expect(tableToPasteText(Array.from({ length: 1001 }, (_, i) => [String(i + 1), '1']))).toEqual({
      ok: false,
      message: LIST_FILE_TOO_MANY,
    });
    expect(tableToPasteText(Array.from({ length: 1000 }, (_, i) => [String(i + 1), '1']))).toMatchObject({
      ok: true,
      lines: 1000,
    });
  });

  it('the text reads as the pasted list would: query and quantity per line', () => {
    const res = tableToPasteText([
      ['商品', '规格', '数量'],
      ['阿莫西林胶囊', '0.25g*24粒', '10'],
      ['6901234567892', '', '5'],
    ]);
    expect(res.ok).toBe(true);
    const lines = parsePastedList(res.ok ? res.text : '');
    expect(lines.map((l) => [l.query, l.number])).toEqual([
      ['阿莫西林胶囊 0.25g*24粒', 10],
      ['6901234567892', 5],
    ]);
  });
});

describe('readListFile', () => {
  it('reads a CSV with quotes, BOM and CRLF', async () => {
    const csv = '\ufeff商品,规格,数量\r\n"感冒灵颗粒",10g*9袋,3\r\n"板蓝根颗粒 ""无糖""",,2\r\n';
    expect(await readListFile(file('清单.csv', utf8(csv)))).toEqual({
      ok: true,
      text: '感冒灵颗粒\t10g*9袋\t3\n板蓝根颗粒 "无糖"\t\t2',
      lines: 2,
    });
  });

  it('reads a GB18030 CSV as Chinese Excel saves it, a quoted comma staying in its cell', async () => {
    expect(await readListFile(file('清单.csv', GB18030_CSV))).toEqual({
      ok: true,
      text: '感冒灵颗粒\t10g*9袋\t3\n板蓝根颗粒, 无糖\t\t2',
      lines: 2,
    });
  });

  it('reads a tab-separated text export and a one-column list of codes', async () => {
    expect(await readListFile(file('导出.txt', utf8('感冒灵颗粒\t3\n板蓝根颗粒\t2\n')))).toMatchObject({
      ok: true,
      lines: 2,
      text: '感冒灵颗粒\t3\n板蓝根颗粒\t2',
    });
    expect(await readListFile(file('codes.csv', utf8('6901234567892\n11\n')))).toMatchObject({
      ok: true,
      lines: 2,
      text: '6901234567892\n11',
    });
  });

  it('reads the first non-empty worksheet of an XLSX, numbers as written', async () => {
    const bytes = await xlsx(
      [
        ['商品', '规格', '数量'],
        ['感冒灵颗粒', '10g*9袋', 3],
        [6901234567892, null, 5],
      ],
      2,
    );
    expect(await readListFile(file('清单.xlsx', bytes))).toEqual({
      ok: true,
      text: '感冒灵颗粒\t10g*9袋\t3\n6901234567892\t\t5',
      lines: 2,
    });
  });

  it('reads rich text, inline strings, gaps between cells and escaped characters', async () => {
    const wb = new Workbook();
    const ws = wb.addWorksheet('清单');
    ws.getCell('A1').value = { richText: [{ text: '感冒灵' }, { font: { bold: true }, text: '颗粒' }] };
    ws.getCell('C1').value = 3;
    ws.getCell('A2').value = '<板蓝根> & "无糖"';
    ws.getCell('C2').value = 0.1 + 0.2;
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(await readListFile(file('清单.xlsx', bytes))).toEqual({
      ok: true,
      text: '感冒灵颗粒\t\t3\n<板蓝根> & "无糖"\t\t0.3',
      lines: 2,
    });
  });

  it('refuses an empty workbook, a damaged one and too many rows', async () => {
    expect(await readListFile(file('空.xlsx', await xlsx([])))).toEqual({ ok: false, message: LIST_FILE_EMPTY });
    const good = await xlsx([['感冒灵颗粒', 3]]);
    expect(await readListFile(file('坏.xlsx', good.slice(0, 60)))).toEqual({ ok: false, message: LIST_FILE_GARBLED });
    const big = await xlsx(Array.from({ length: 1002 }, (_, i) => [`商品${i}`, 1]));
    expect(await readListFile(file('大.xlsx', big))).toEqual({ ok: false, message: LIST_FILE_TOO_MANY });
  });

  it('the template it offers reads back as its two example rows', async () => {
    expect(await readListFile(file('模板.csv', utf8(LIST_TEMPLATE_CSV)))).toMatchObject({ ok: true, lines: 2 });
  });
});

describe('acceptScan', () => {
  const CODE = '6901234567892';
  it('a box held in front of the camera counts once, however slowly frames are decoded', () => {
    let s = acceptScan(null, CODE, 0);
    expect(s.accept).toBe(true);
    for (let t = 100; t <= 3000; t += 100) {
      s = acceptScan(s.last, CODE, t);
      expect(s.accept).toBe(false);
    }
    // A slow device: the next decode comes 5 s later, but no frame was without the code.
    s = acceptScan(s.last, CODE, 8000);
    expect(s.accept).toBe(false);
    // A blurry frame or two in between, within the gap: still the same box.
    s = acceptScan(s.last, null, 8100);
    s = acceptScan(s.last, null, 8200);
    expect(acceptScan(s.last, CODE, 8300).accept).toBe(false);
  });

  it('taken away and shown again it counts again; another code counts at once', () => {
    let s = acceptScan(null, CODE, 0);
    s = acceptScan(s.last, null, 500);
    s = acceptScan(s.last, null, 1000);
    s = acceptScan(s.last, CODE, SAME_SCAN_GAP_MS);
    expect(s.accept).toBe(true);
    expect(acceptScan(s.last, '6920000000001', SAME_SCAN_GAP_MS + 10).accept).toBe(true);
    expect(acceptScan(null, null, 0)).toEqual({ accept: false, last: null });
  });
});

describe('cameraErrorMessage', () => {
  it('tells a denied permission, a missing camera and a busy one apart', () => {
    const err = (name: string) => Object.assign(new Error(name), { name });
    expect(cameraErrorMessage(err('NotAllowedError'))).toBe(CAMERA_DENIED);
    expect(cameraErrorMessage(err('NotFoundError'))).toBe(CAMERA_NOT_FOUND);
    expect(cameraErrorMessage(err('OverconstrainedError'))).toBe(CAMERA_NOT_FOUND);
    expect(cameraErrorMessage(err('NotReadableError'))).toBe(CAMERA_BUSY);
    expect(cameraErrorMessage('boom')).toBe(CAMERA_FAILED);
    expect(cameraSupported({})).toBe(false);
    expect(cameraSupported({ mediaDevices: { getUserMedia: () => undefined } })).toBe(true);
  });
});

describe('mergeScanned', () => {
  const ganmao = makeGoods({ id: 11, name: '感冒灵颗粒' });
  const banlan = makeGoods({ id: 31, name: '板蓝根颗粒' });
  const line = (query: string, match: ReturnType<typeof makeGoods> | null, number = 1): MatchedLine => ({
    line: 1,
    raw: query,
    query,
    number,
    problem: null,
    match,
    method: match ? 'barcode' : null,
    alternatives: [],
  });

  it('a goods scanned again gets +1; a new goods or unknown code becomes a row; an unknown code again bumps its row', () => {
    let rows = mergeScanned([], rowsOf([line('6901234567892', ganmao)]));
    rows = mergeScanned(rows, rowsOf([line('6901234567892', ganmao)]));
    rows = mergeScanned(rows, rowsOf([line('31', banlan)]));
    rows = mergeScanned(rows, rowsOf([line('6999999999999', null)]));
    rows = mergeScanned(rows, rowsOf([line('6999999999999', null)]));
    expect(rows.map((r) => [r.chosen?.id ?? null, r.number, r.include])).toEqual([
      [11, '2', true],
      [31, '1', true],
      [null, '2', false],
    ]);
  });

  it('adds the scan to a goods pasted with a quantity, and repairs a quantity the buyer cleared', () => {
    const pasted = rowsOf([line('感冒灵颗粒', ganmao, 10)]);
    expect(mergeScanned(pasted, rowsOf([line('11', ganmao)]))[0].number).toBe('11');
    const cleared = [{ ...pasted[0], number: '' }];
    expect(mergeScanned(cleared, rowsOf([line('11', ganmao)]))[0].number).toBe('1');
  });
});

describe('decodeImage (the camera frame decoder)', () => {
  it('reads a generated EAN-13 image; the code then matches and lands on the pad like a scan', () => {
    const code = '6901234567892';
    const img = barcodeRgba(code);
    const read = decodeImage(img.data, img.width, img.height);
    expect(read).toBe(code);
    // decode → match (the device's matcher, by barcode) → add (+1 on the pad).
    const goods = makeGoods({ id: 11, name: '感冒灵颗粒' });
    const lines = matchLinesLocally(parsePastedList(read ?? ''), [{ item: goods, barcode: code }], new Set());
    expect(lines[0]).toMatchObject({ method: 'barcode', number: 1, match: { id: 11 } });
    const pad = mergeScanned(mergeScanned([], rowsOf(lines)), rowsOf(lines));
    expect(pad.map((r) => [r.chosen?.id, r.number])).toEqual([[11, '2']]);
  });

  it('finds nothing on a blank frame or a damaged symbol (wrong check digit)', () => {
    const blank = new Uint8ClampedArray(300 * 80 * 4).fill(255);
    expect(decodeImage(blank, 300, 80)).toBeNull();
    const img = barcodeRgba('6901234567892');
    // The same symbol with another last digit: its check digit is wrong.
    const wrong = barcodeRgba('6901234567893');
    expect(decodeImage(wrong.data, wrong.width, wrong.height)).toBeNull();
    expect(decodeImage(img.data, img.width, img.height)).not.toBeNull();
  });
});
