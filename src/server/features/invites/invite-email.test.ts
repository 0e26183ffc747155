import { describe, expect, it } from "vitest";
import { inviteEmail } from "./invite-email.ts";

const base = {
  to: "nova@exemplo.com.br",
  role: "team_designer" as const,
  inviteUrl: "https://app.nexo.com.br/accept-invite/abc_DEF-123",
  expiresAt: new Date("2026-11-30T12:00:00Z"),
};

describe("invite e-mail", () => {
  it("tells in pt-BR who invites, with which role, the link and the expiry date", () => {
    const mail = inviteEmail({ ...base, agencyName: "Agência Aurora" });
    expect(mail.to).toBe("nova@exemplo.com.br");
    expect(mail.subject).toBe("Convite para a agência Agência Aurora no Nexo");
    expect(mail.text).toContain("com a função Designer");
    expect(mail.text).toContain(base.inviteUrl);
    expect(mail.text).toContain("válido até 30/11/2026");
    expect(mail.html).toContain(`href="${base.inviteUrl}"`);
  });

  it("escapes the agency name in the HTML body", () => {
    const mail = inviteEmail({ ...base, agencyName: '<img src=x onerror="alert(1)">' });
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&#60;img");
  });
});
