import { extractP7mContent } from './p7m';
import { FatturaPaError, parseFatturaPa, type Invoice } from './fattura-pa';
import { fixture } from './test-support/fixtures';

const LONG_DESCRIPTION =
  "LA DESCRIZIONE DELLA FORNITURA PUO' SUPERARE I CENTO CARATTERI CHE RAPPRESENTAVANO IL PRECEDENTE LIMITE DIMENSIONALE. TALE LIMITE NELLA NUOVA VERSIONE E' STATO PORTATO A MILLE CARATTERI";
/** The four lines of both IT01234567890 samples, checked by hand against the files. */
const ALPHA_LINES: Invoice['lines'] = [
  { description: LONG_DESCRIPTION, quantity: 5, unit: null, codes: [], amount: 5 },
  { description: 'FORNITURE VARIE PER UFFICIO', quantity: 10, unit: null, codes: [], amount: 20 },
  { description: 'TUBI RITORNO GASOLIO', quantity: 2, unit: 'Pezzo', codes: [], amount: 6.58 },
  { description: 'TUBI RITORNO GASOLIO', quantity: 1, unit: 'Pezzo', codes: [], amount: 4.5 },
];
const ALPHA = { name: "SOCIETA' ALPHA SRL", vat: 'IT01234567890', taxCode: null };

describe('parseFatturaPa on the sample invoices', () => {
  it('FPR12 (B2B): supplier, buyer without VAT number (only a fiscal code), number, date, 4 lines', () => {
    const doc = parseFatturaPa(fixture('IT01234567890_FPR02.xml'));
    expect(doc.version).toBe('FPR12');
    expect(doc.invoices).toEqual([
      {
        documentType: 'TD01',
        number: '123',
        date: '2014-12-18',
        supplier: ALPHA,
        // The fiscal representative's IdFiscaleIVA (IT01234567891) is not the buyer's.
        buyer: { name: 'BETA GAMMA', vat: null, taxCode: '09876543210' },
        lines: ALPHA_LINES,
        currency: 'EUR',
        source: 'fatturapa',
      },
    ]);
  });

  it('FPA12 (public administration)', () => {
    const doc = parseFatturaPa(fixture('IT01234567890_FPA02.xml'));
    expect(doc.version).toBe('FPA12');
    expect(doc.invoices).toEqual([
      {
        documentType: 'TD01',
        number: '123',
        date: '2014-12-18',
        supplier: ALPHA,
        buyer: { name: 'AMMINISTRAZIONE BETA', vat: null, taxCode: '09876543210' },
        lines: ALPHA_LINES,
        currency: 'EUR',
        source: 'fatturapa',
      },
    ]);
  });

  it('the signed sample, once out of its envelope (UTF-8 with BOM)', () => {
    const doc = parseFatturaPa(extractP7mContent(fixture('IT02182030391_31.xml.p7m')));
    expect(doc.invoices).toEqual([
      {
        documentType: 'TD01',
        number: '2',
        date: '2018-06-08',
        supplier: { name: 'Azienda di esempio', vat: 'IT02182030391', taxCode: '02182030391' },
        buyer: { name: 'CIR 2000 snc', vat: 'IT01180680397', taxCode: null },
        lines: [{ description: 'test prodotti', quantity: 1, unit: null, codes: [], amount: 100 }],
        currency: 'EUR',
        source: 'fatturapa',
      },
    ]);
  });
});

function invoiceXml(body: string, { encoding = 'UTF-8', prefix = 'p:' } = {}): string {
  const ns = prefix
    ? ` xmlns:${prefix.slice(0, -1)}="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"`
    : '';
  return `<?xml version="1.0" encoding="${encoding}"?>
<!DOCTYPE x [ <!ENTITY y "z"> ]>
<${prefix}FatturaElettronica versione="FPR12"${ns}>
  <FatturaElettronicaHeader>
    <CedentePrestatore><DatiAnagrafici>
      <IdFiscaleIVA><IdPaese>DE</IdPaese><IdCodice>123456789</IdCodice></IdFiscaleIVA>
      <Anagrafica><Nome>Mario</Nome><Cognome>Rossi</Cognome></Anagrafica>
    </DatiAnagrafici></CedentePrestatore>
    <CessionarioCommittente><DatiAnagrafici>
      <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>11122233344</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>Caffè &amp; Co. S.r.l.</Denominazione></Anagrafica>
    </DatiAnagrafici></CessionarioCommittente>
  </FatturaElettronicaHeader>
  ${body}
</${prefix}FatturaElettronica>`;
}

function body(type: string, number: string, date: string, lines: string): string {
  return `<FatturaElettronicaBody>
    <DatiGenerali><DatiGeneraliDocumento><TipoDocumento>${type}</TipoDocumento><Data>${date}</Data><Numero>${number}</Numero></DatiGeneraliDocumento></DatiGenerali>
    <DatiBeniServizi>${lines}</DatiBeniServizi>
  </FatturaElettronicaBody>`;
}

describe('parseFatturaPa on other valid shapes', () => {
  it('reads every body of a multi-invoice file, Nome + Cognome, entities, CDATA, article codes, missing quantity', () => {
    const xml = invoiceXml(
      body(
        'TD24',
        'FT/2024/001',
        '2024-03-05',
        `<DettaglioLinee><NumeroLinea>1</NumeroLinea>
           <CodiceArticolo><CodiceTipo>SKU</CodiceTipo><CodiceValore>MUG-RED-01</CodiceValore></CodiceArticolo>
           <CodiceArticolo><CodiceTipo>EAN</CodiceTipo><CodiceValore>8001234567890</CodiceValore></CodiceArticolo>
           <Descrizione><![CDATA[Tazza <rossa> & bella]]></Descrizione><Quantita>12.50</Quantita><UnitaMisura>PZ</UnitaMisura></DettaglioLinee>
         <DettaglioLinee><NumeroLinea>2</NumeroLinea><Descrizione>Spese di trasporto &#8364; &#x20AC;</Descrizione><PrezzoTotale>5.00</PrezzoTotale></DettaglioLinee>`,
      ) +
        body(
          'TD02',
          '2',
          '2024-03-06+01:00',
          '<DettaglioLinee><Descrizione>Acconto</Descrizione><Quantita>1</Quantita></DettaglioLinee>',
        ),
    );
    const doc = parseFatturaPa(new Uint8Array(Buffer.from(xml)));
    expect(doc.invoices).toHaveLength(2);
    const [first, second] = doc.invoices as [Invoice, Invoice];
    expect(first.supplier).toEqual({ name: 'Mario Rossi', vat: 'DE123456789', taxCode: null });
    expect(first.buyer).toEqual({
      name: 'Caffè & Co. S.r.l.',
      vat: 'IT11122233344',
      taxCode: null,
    });
    expect(first).toMatchObject({
      documentType: 'TD24',
      number: 'FT/2024/001',
      date: '2024-03-05',
    });
    expect(first.lines).toEqual([
      {
        description: 'Tazza <rossa> & bella',
        quantity: 12.5,
        unit: 'PZ',
        codes: ['MUG-RED-01', '8001234567890'],
        amount: null,
      },
      { description: 'Spese di trasporto € €', quantity: null, unit: null, codes: [], amount: 5 },
    ]);
    expect(second).toMatchObject({ documentType: 'TD02', number: '2', date: '2024-03-06' });
    expect(second.supplier).toEqual(first.supplier);
  });

  it('keeps entity names that are not XML entities as written, even Object property names', () => {
    const lines =
      '<DettaglioLinee><Descrizione>&constructor; &__proto__; &toString; &amp;</Descrizione><Quantita>1</Quantita></DettaglioLinee>';
    const xml = invoiceXml(body('TD01', '1', '2024-01-02', lines));
    const doc = parseFatturaPa(new Uint8Array(Buffer.from(xml)));
    expect(doc.invoices[0]?.lines[0]?.description).toBe('&constructor; &__proto__; &toString; &');
  });

  it('reads a file without namespace prefixes', () => {
    const xml = invoiceXml(body('TD01', '7', '2024-01-02', ''), { prefix: '' });
    expect(parseFatturaPa(new Uint8Array(Buffer.from(xml))).invoices[0]?.number).toBe('7');
  });

  it.each([
    ['ISO-8859-1', 'Perché più città', (s: string) => Buffer.from(s, 'latin1')],
    [
      'windows-1252',
      'Perché più città €',
      (s: string) => Buffer.from(s.replace('€', '\x80'), 'latin1'),
    ],
    [
      'UTF-8',
      'Perché più città €',
      (s: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s)]),
    ],
    [
      'UTF-16',
      'Perché più città €',
      (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]),
    ],
  ])('reads the declared encoding %s', (encoding, description, encode) => {
    const lines = `<DettaglioLinee><Descrizione>${description}</Descrizione><Quantita>3</Quantita></DettaglioLinee>`;
    const xml = invoiceXml(body('TD01', '1', '2024-01-02', lines), { encoding });
    const doc = parseFatturaPa(new Uint8Array(encode(xml)));
    expect(doc.invoices[0]?.lines[0]).toMatchObject({ description, quantity: 3 });
    expect(doc.invoices[0]?.buyer.name).toBe('Caffè & Co. S.r.l.');
  });

  it('reads a file declared UTF-8 but written in windows-1252', () => {
    const xml = invoiceXml(body('TD01', '1', '2024-01-02', ''));
    const doc = parseFatturaPa(new Uint8Array(Buffer.from(xml, 'latin1')));
    expect(doc.invoices[0]?.buyer.name).toBe('Caffè & Co. S.r.l.');
  });

  it('reads a file declared ISO-8859-1 or windows-1252 but written in UTF-8', () => {
    const lines =
      '<DettaglioLinee><Descrizione>Perché più città €</Descrizione><Quantita>2</Quantita></DettaglioLinee>';
    for (const encoding of ['ISO-8859-1', 'windows-1252']) {
      const xml = invoiceXml(body('TD01', '1', '2024-01-02', lines), { encoding });
      const doc = parseFatturaPa(new Uint8Array(Buffer.from(xml, 'utf8')));
      expect(doc.invoices[0]?.buyer.name).toBe('Caffè & Co. S.r.l.');
      expect(doc.invoices[0]?.lines[0]?.description).toBe('Perché più città €');
    }
  });

  it('joins party names that a pretty-printer wrapped over lines, as a person reads them', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<FatturaElettronica versione="FPR12">
  <FatturaElettronicaHeader>
    <CedentePrestatore><DatiAnagrafici>
      <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>05550001112</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>Officine Meccaniche Valtrompia
            di Gatti Bruno &amp; C.  S.a.s.</Denominazione></Anagrafica>
    </DatiAnagrafici></CedentePrestatore>
    <CessionarioCommittente><DatiAnagrafici>
      <Anagrafica><Nome>
        Chiara</Nome><Cognome>De\u00a0Santis
      </Cognome></Anagrafica>
    </DatiAnagrafici></CessionarioCommittente>
  </FatturaElettronicaHeader>
  ${body('TD01', '15', '2024-02-03', '')}
</FatturaElettronica>`;
    const [invoice] = parseFatturaPa(new Uint8Array(Buffer.from(xml))).invoices;
    expect(invoice?.supplier.name).toBe(
      'Officine Meccaniche Valtrompia di Gatti Bruno & C. S.a.s.',
    );
    expect(invoice?.buyer.name).toBe('Chiara De Santis');
  });

  it('refuses malformed XML and XML that is not a FatturaPA', () => {
    expect(() => parseFatturaPa(new Uint8Array(Buffer.from('<a><b></a>')))).toThrow(FatturaPaError);
    expect(() =>
      parseFatturaPa(new Uint8Array(Buffer.from('<?xml version="1.0"?><Order/>'))),
    ).toThrow(/Not a FatturaPA/);
  });

  it('reads a simplified invoice (FSM10) like the ordinary one: parties, number, date, lines, amounts', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronicaSemplificata xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0" versione="FSM10">
  <FatturaElettronicaHeader>
    <CedentePrestatore>
      <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>01999999999</IdCodice></IdFiscaleIVA>
      <CodiceFiscale>01999999999</CodiceFiscale>
      <Denominazione>Ferramenta Rossi SNC</Denominazione>
    </CedentePrestatore>
    <CessionarioCommittente>
      <IdentificativiFiscali>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>04888888888</IdCodice></IdFiscaleIVA>
      </IdentificativiFiscali>
      <AltriDatiIdentificativi><Nome>Anna</Nome><Cognome>Bianchi</Cognome></AltriDatiIdentificativi>
    </CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali><DatiGeneraliDocumento>
      <TipoDocumento>TD07</TipoDocumento><Divisa>EUR</Divisa><Data>2024-05-15</Data><Numero>7/S</Numero>
    </DatiGeneraliDocumento></DatiGenerali>
    <DatiBeniServizi><Descrizione>Viti  inox</Descrizione><Importo>12.20</Importo><DatiIVA><Aliquota>22.00</Aliquota></DatiIVA></DatiBeniServizi>
    <DatiBeniServizi><Descrizione>Tasselli</Descrizione><Importo>6.10</Importo><DatiIVA><Aliquota>22.00</Aliquota></DatiIVA></DatiBeniServizi>
  </FatturaElettronicaBody>
</p:FatturaElettronicaSemplificata>`;
    const doc = parseFatturaPa(new Uint8Array(Buffer.from(xml)));
    expect(doc.version).toBe('FSM10');
    expect(doc.invoices).toEqual([
      {
        documentType: 'TD07',
        number: '7/S',
        date: '2024-05-15',
        supplier: { name: 'Ferramenta Rossi SNC', vat: 'IT01999999999', taxCode: '01999999999' },
        buyer: { name: 'Anna Bianchi', vat: 'IT04888888888', taxCode: null },
        lines: [
          { description: 'Viti inox', quantity: null, unit: null, codes: [], amount: 12.2 },
          { description: 'Tasselli', quantity: null, unit: null, codes: [], amount: 6.1 },
        ],
        currency: 'EUR',
        source: 'fatturapa',
      },
    ]);
  });
});
