import { checkFile, visibleWarnings } from '../../web/src/features/cases/document-rules';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('the browser-side upload check (spec 5)', () => {
  it('takes the case-panel formats and the electronic invoices', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.zip', 'f.xml', 'g.xml.p7m']) {
      expect(checkFile(file(name), 'fattura')).toBeUndefined();
    }
  });

  it('refuses other formats and names without an extension', () => {
    expect(checkFile(file('offer.docx'), 'fattura')).toBe('bad_format');
    expect(checkFile(file('sheet.xlsx'), 'pod')).toBe('bad_format');
    expect(checkFile(file('pdf'), 'fattura')).toBe('bad_format');
  });

  it('lets photos be JPG, PNG or GIF only', () => {
    expect(checkFile(file('box.gif'), 'foto_pacco')).toBeUndefined();
    expect(checkFile(file('box.pdf'), 'foto_pacco')).toBe('bad_format');
  });

  it('refuses a file over 20 MB and keeps one of exactly 20 MB', () => {
    expect(checkFile(file('big.pdf', 20 * 1024 * 1024), 'fattura')).toBeUndefined();
    expect(checkFile(file('big.pdf', 20 * 1024 * 1024 + 1), 'fattura')).toBe('too_large');
  });
});

describe('document warnings', () => {
  const warnings = [
    { code: 'quality_low', message: 'Qualità bassa' },
    { code: 'invoice_after_shipment', message: 'La fattura 7 è del 02/10/2026' },
    { code: 'units_not_covered', message: 'SKU A: mancano 3 unità' },
  ];

  it('lists the invoice checks and leaves out the quality ones the reading already shows', () => {
    expect(visibleWarnings(warnings, true).map((warning) => warning.code)).toEqual([
      'invoice_after_shipment',
      'units_not_covered',
    ]);
  });

  it('keeps the quality warning when there is no reading to show it', () => {
    expect(visibleWarnings(warnings, false)).toHaveLength(3);
  });
});
