import { describe, expect, it } from "vitest";
import { filterContacts } from "./contact-search.ts";
import { SAMPLE_CONTACTS } from "./sample-data.ts";

describe("filterContacts", () => {
  it("keeps everyone for an empty query", () => {
    expect(filterContacts(SAMPLE_CONTACTS, "  ")).toHaveLength(SAMPLE_CONTACTS.length);
  });

  it("matches name, company and e-mail ignoring case and accents", () => {
    expect(filterContacts(SAMPLE_CONTACTS, "MARIANA").map((c) => c.id)).toEqual(["1"]);
    expect(filterContacts(SAMPLE_CONTACTS, "grao mineiro").map((c) => c.id)).toEqual(["5"]);
    expect(filterContacts(SAMPLE_CONTACTS, "chavedeouro.com").map((c) => c.id)).toEqual(["4"]);
    expect(filterContacts(SAMPLE_CONTACTS, "inexistente")).toEqual([]);
  });
});
