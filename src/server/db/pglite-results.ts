import { protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

type Parser = (value: string, typeId: number) => unknown;
type Field = { name: string; dataTypeID: number };

/** Rows changed, as PGlite counts them from a CommandComplete tag. */
function affectedRows(tag: string): number {
  const [command, a, b] = tag.split(" ");
  if (command === "INSERT") return Number.parseInt(b ?? "0", 10);
  if (command === "UPDATE" || command === "DELETE" || command === "COPY" || command === "MERGE") {
    return Number.parseInt(a ?? "0", 10);
  }
  return 0;
}

/** The ErrorResponse of a reply, as PGlite's own parser builds it (a DatabaseError with code, detail, …). */
function databaseError(raw: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(raw, (message) => {
    if (message.name === "error" && !error) error = message as unknown as Error;
  });
  return error ?? new Error("PGlite: error response without a readable message");
}

/**
 * Results of one protocol exchange, read straight from the backend's bytes: PGlite's own
 * path copies every field into a new buffer and copies all ~300 type parsers per query,
 * which on a 50-row page cost more than the query. Same shape as PGlite's parseResults;
 * an ErrorResponse is thrown as PGlite's DatabaseError.
 */
export function readResults(raw: Uint8Array, parsers: Record<number, Parser>, options?: QueryOptions): Results[] {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const extra = options?.parsers as Record<number, Parser> | undefined;
  const arrayMode = options?.rowMode === "array";
  const results: Results[] = [];
  let fields: Field[] = [];
  let rows: unknown[] = [];
  let affected = 0;
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const type = bytes[offset];
    const end = offset + 1 + bytes.readInt32BE(offset + 1);
    let at = offset + 5;
    if (type === 0x45 /* E */) throw databaseError(raw);
    if (type === 0x54 /* T: RowDescription */) {
      const count = bytes.readInt16BE(at);
      at += 2;
      fields = [];
      for (let i = 0; i < count; i++) {
        const nul = bytes.indexOf(0, at);
        const name = bytes.toString("utf8", at, nul);
        at = nul + 1;
        fields.push({ name, dataTypeID: bytes.readInt32BE(at + 6) });
        at += 18;
      }
    } else if (type === 0x44 /* D: DataRow */) {
      const count = bytes.readInt16BE(at);
      at += 2;
      const values: unknown[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const length = bytes.readInt32BE(at);
        at += 4;
        if (length < 0) {
          values[i] = null;
          continue;
        }
        const text = bytes.toString("utf8", at, at + length);
        at += length;
        const typeId = fields[i]?.dataTypeID ?? 0;
        const parser = extra?.[typeId] ?? parsers[typeId];
        values[i] = parser ? parser(text, typeId) : text;
      }
      if (arrayMode) rows.push(values);
      else rows.push(Object.fromEntries(fields.map((field, i) => [field.name, values[i]])));
    } else if (type === 0x43 /* C: CommandComplete */) {
      affected += affectedRows(bytes.toString("utf8", at, end - 1));
      results.push({ rows, fields, affectedRows: affected } as Results);
      rows = [];
      fields = [];
    }
    offset = end;
  }
  if (results.length === 0) results.push({ rows: [], fields: [], affectedRows: 0 } as Results);
  return results;
}

/** The parameter type ids of a ParameterDescription in a reply (a Describe of a statement). */
export function readParameterTypes(raw: Uint8Array): number[] {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const type = bytes[offset];
    if (type === 0x45 /* E */) throw databaseError(raw);
    if (type === 0x74 /* t: ParameterDescription */) {
      const count = bytes.readInt16BE(offset + 5);
      return Array.from({ length: count }, (_, i) => bytes.readInt32BE(offset + 7 + 4 * i));
    }
    offset += 1 + bytes.readInt32BE(offset + 1);
  }
  return [];
}
