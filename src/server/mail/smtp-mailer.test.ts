import pino from "pino";
import { describe, expect, it } from "vitest";
import { senderAddress } from "./create-mailer.ts";
import type { Mail, Mailer } from "./mailer.ts";
import { createSmtpMailer, type MailTransport } from "./smtp-mailer.ts";

const mail: Mail = { to: "nova@exemplo.com.br", subject: "Convite", text: "link", html: "<p>link</p>" };
const silent = pino({ level: "silent" });

function recordingOutbox() {
  const kept: Mail[] = [];
  const outbox: Mailer = {
    async send(message) {
      kept.push(message);
      return "outbox";
    },
  };
  return { kept, outbox };
}

describe("SMTP mailer", () => {
  it("hands the message to the transport with the sender address", async () => {
    const sent: unknown[] = [];
    const transport: MailTransport = { sendMail: async (message) => sent.push(message) };
    const { kept, outbox } = recordingOutbox();
    const mailer = createSmtpMailer(transport, senderAddress("https://app.nexo.com.br"), outbox, silent);
    expect(await mailer.send(mail)).toBe("smtp");
    expect(sent).toEqual([{ from: "Nexo <no-reply@app.nexo.com.br>", ...mail }]);
    expect(kept).toHaveLength(0);
  });

  it("keeps the message in the outbox when the server refuses it", async () => {
    const transport: MailTransport = {
      sendMail: async () => {
        throw new Error("550 mailbox unavailable");
      },
    };
    const { kept, outbox } = recordingOutbox();
    const mailer = createSmtpMailer(transport, "Nexo <no-reply@localhost>", outbox, silent);
    expect(await mailer.send(mail)).toBe("outbox");
    expect(kept).toEqual([mail]);
  });
});
