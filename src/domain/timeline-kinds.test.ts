import { describe, expect, it } from "vitest";
import { RECORD_TYPES } from "./records.ts";
import { RECORD_TYPE_LABELS, recordTypeLabel, TIMELINE_KINDS, timelineKindLabel } from "./timeline-kinds.ts";

describe("timeline labels", () => {
  it("every kind the server writes reads in pt-BR, never as its code", () => {
    expect(TIMELINE_KINDS).toEqual(expect.arrayContaining(["payment_recorded", "deal_created", "stage_changed"]));
    for (const kind of TIMELINE_KINDS) {
      const label = timelineKindLabel(kind);
      expect(label, kind).not.toBe(kind);
      expect(label, kind).not.toMatch(/_|^[a-z]/);
    }
    expect(timelineKindLabel("payment_recorded")).toBe("Pagamento registrado");
    expect(timelineKindLabel("deal_created")).toBe("Oportunidade criada");
  });

  it("every record type has its name, and an unknown kind or type reads as a generic word", () => {
    for (const type of RECORD_TYPES) expect(RECORD_TYPE_LABELS[type], type).toMatch(/^[A-ZÀ-Ú]/);
    expect(recordTypeLabel("invoice")).toBe("Fatura");
    expect(recordTypeLabel("deal")).toBe("Oportunidade");
    expect(timelineKindLabel("something_new")).toBe("Atividade");
    expect(recordTypeLabel("something_new")).toBe("Registro");
  });
});

describe("participles agree with the record's noun", () => {
  it("reads 'Oportunidade: Criada' and 'Contato: Criado', and leaves other kinds as they are", () => {
    expect(timelineKindLabel("created", "deal")).toBe("Criada");
    expect(timelineKindLabel("created", "contact")).toBe("Criado");
    expect(timelineKindLabel("issued", "invoice")).toBe("Emitida");
    expect(timelineKindLabel("issued", "quote")).toBe("Emitido");
    expect(timelineKindLabel("deleted", "company")).toBe("Excluída");
    expect(timelineKindLabel("created")).toBe("Criado");
    expect(timelineKindLabel("payment_recorded", "invoice")).toBe("Pagamento registrado");
  });
});
