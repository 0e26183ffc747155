import { describe, expect, it } from "vitest";
import { footerIdentity } from "./user-footer.tsx";

describe("footerIdentity", () => {
  it("uses the spec's fallbacks when the profile is empty", () => {
    expect(footerIdentity(undefined)).toEqual({ initial: "U", name: "Admin User", company: "Nexo" });
    expect(footerIdentity({ firstName: "", lastName: "", company: "  " })).toEqual({
      initial: "U",
      name: "Admin User",
      company: "Nexo",
    });
  });

  it("shows the initial, full name and company", () => {
    expect(footerIdentity({ firstName: "ana", lastName: "Souza", company: "Agência Aurora" })).toEqual({
      initial: "A",
      name: "ana Souza",
      company: "Agência Aurora",
    });
  });
  it("names the agency the user works in before the company typed at sign-up", () => {
    expect(
      footerIdentity({ firstName: "Ana", lastName: "", company: "Freela", agencyName: "Agência Aurora" }).company,
    ).toBe("Agência Aurora");
  });
});
