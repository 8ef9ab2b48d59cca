// An incremental RFC 4180 reader for the audit export: chunks go in as they arrive, whole records come out, and
// only the newest `keep` records are held, so a preview of a large export stays small in memory.

export class CsvTail {
  readonly newest: string[][] = [];
  /** Records seen, the header included. */
  seen = 0;
  private record: string[] = [];
  private field = '';
  private quoted = false;
  /** The previous character closed a quoted section (a second quote right after it is an escaped quote). */
  private closed = false;

  constructor(private readonly keep: number) {}

  feed(text: string): void {
    for (const ch of text) {
      if (this.quoted) {
        if (ch === '"') {
          this.quoted = false;
          this.closed = true;
        } else this.field += ch;
        continue;
      }
      if (ch === '"') {
        if (this.closed) this.field += '"';
        this.quoted = true;
        this.closed = false;
        continue;
      }
      this.closed = false;
      if (ch === ',') this.endField();
      else if (ch === '\n') this.endRecord();
      else if (ch !== '\r') this.field += ch;
    }
  }

  /** A last record without its line break still counts. */
  end(): void {
    if (this.field !== '' || this.record.length > 0) this.endRecord();
  }

  private endField(): void {
    this.record.push(this.field);
    this.field = '';
  }

  private endRecord(): void {
    this.endField();
    this.seen++;
    // The header row is not an event.
    if (this.seen > 1) {
      this.newest.push(this.record);
      if (this.newest.length > this.keep) this.newest.shift();
    }
    this.record = [];
  }
}
