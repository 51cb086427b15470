// An .xlsx workbook written the way openpyxl 3.1 writes one (Python's usual writer; it cannot be
// installed here), so the app's reader meets what a seller's script leaves: text as inline
// strings, a formula with no cached value (`<f>B2*1.24</f><v></v>` with lxml, `<v />` without),
// merged ranges whose covered cells are empty `<c>` elements, absolute relationship targets,
// `fullCalcOnLoad` and no shared strings. Byte for byte the XML of openpyxl/cell/_writer.py and
// openpyxl/worksheet/_writer.py for these cells.
import JSZip from 'jszip';

/** A cell: text, a number, empty, or a formula written without a value (`vForm`: how its empty <v> is written). */
export type OpenpyxlCell = string | number | null | { formula: string; vForm?: 'pair' | 'empty-element' };

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(ref: string, cell: OpenpyxlCell): string {
  if (cell === null) return `<c r="${ref}"></c>`;
  if (typeof cell === 'number') return `<c r="${ref}" t="n"><v>${cell}</v></c>`;
  if (typeof cell === 'string') return `<c r="${ref}" t="inlineStr"><is><t${cell !== cell.trim() ? ' xml:space="preserve"' : ''}>${escape(cell)}</t></is></c>`;
  return `<c r="${ref}"><f>${escape(cell.formula)}</f>${cell.vForm === 'empty-element' ? '<v />' : '<v></v>'}</c>`;
}

/** The workbook of `rows` (the first one the headings) with `merges` ("D3:D5"), as openpyxl saves it. */
export async function openpyxlWorkbook(rows: readonly (readonly OpenpyxlCell[])[], merges: readonly string[] = []): Promise<Buffer> {
  const width = Math.max(...rows.map((r) => r.length));
  const sheetData = rows.map((row, i) => `<row r="${i + 1}">${row.map((cell, j) => cellXml(`${columnName(j + 1)}${i + 1}`, cell)).join('')}</row>`).join('');
  const mergeXml = merges.length > 0 ? `<mergeCells count="${merges.length}">${merges.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells>` : '';
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}"><sheetPr><outlinePr summaryBelow="1" summaryRight="1"/><pageSetUpPr/></sheetPr>`
    + `<dimension ref="A1:${columnName(width)}${rows.length}"/><sheetViews><sheetView workbookViewId="0"><selection activeCell="A1" sqref="A1"/></sheetView></sheetViews>`
    + `<sheetFormatPr baseColWidth="8" defaultRowHeight="15"/><sheetData>${sheetData}</sheetData>${mergeXml}`
    + '<pageMargins left="0.75" right="0.75" top="1" bottom="1" header="0.5" footer="0.5"/></worksheet>';
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
    + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    + '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>');
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  zip.file('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}"><workbookPr/><workbookProtection/><bookViews><workbookView visibility="visible" minimized="0" showHorizontalScroll="1" showVerticalScroll="1" showSheetTabs="1" tabRatio="600" firstSheet="0" activeTab="0" autoFilterDateGrouping="1"/></bookViews>`
    + `<sheets><sheet xmlns:r="${REL}" name="Sheet" sheetId="1" state="visible" r:id="rId1"/></sheets><definedNames/><calcPr calcId="124519" fullCalcOnLoad="1"/></workbook>`);
  zip.file('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
    + `<Relationship Id="rId1" Type="${REL}/worksheet" Target="/xl/worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`);
  zip.file('xl/styles.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${NS}"><numFmts count="0"/><fonts count="1"><font><name val="Calibri"/><family val="2"/><color theme="1"/><sz val="11"/><scheme val="minor"/></font></fonts>`
    + '<fills count="2"><fill><patternFill/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" pivotButton="0" quotePrefix="0" xfId="0"/></cellXfs>'
    + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0" hidden="0"/></cellStyles><tableStyles count="0" defaultTableStyle="TableStyleMedium9" defaultPivotStyle="PivotStyleLight16"/></styleSheet>');
  zip.file('xl/worksheets/sheet1.xml', sheet);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
