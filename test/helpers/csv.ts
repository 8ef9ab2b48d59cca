// A strict RFC 4180 parser for tests: records end in CRLF, fields with quotes, commas or line breaks are
// quoted and their quotes doubled. Anything else (a bare quote in an unquoted field, text after a closing
// quote, a record without its CRLF) throws, so a sloppy writer fails the test instead of parsing by luck.
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error('unterminated quoted field');
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
            } else {
              i++;
              break;
            }
          } else field += text[i++];
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          if (text[i] === '"') throw new Error(`bare quote in an unquoted field at ${i}`);
          field += text[i++];
        }
      }
      record.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text.startsWith('\r\n', i)) {
        i += 2;
        break;
      }
      throw new Error(`expected , or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 10))}`);
    }
    records.push(record);
  }
  return records;
}
