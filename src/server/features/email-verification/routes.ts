import { successMessageSchema } from "#domain/schemas/shared-answers.ts";
import { confirmEmailVerificationSchema } from "#domain/schemas/email-verification.ts";
import { defineRoute, PUBLIC, SIGNED_IN } from "../../http/route.ts";
import { confirmEmailVerification } from "./confirm-email-verification.ts";
import { sendVerificationEmail } from "./send-verification-email.ts";

/** Issue 13, item 8: "Reenviar e-mail de verificação" and the link's landing page. */
export const emailVerificationRoutes = [
  defineRoute({
    method: "POST",
    path: "/api/me/email-verification",
    response: successMessageSchema,
    access: SIGNED_IN,
    // sends an e-mail: limited like every such route
    tightRateLimit: true,
    allowInactiveAgency: true,
    allowWithoutTwoFactor: true,
    handler: ({ deps, user, request }) =>
      sendVerificationEmail(deps, { id: user.id, agencyId: user.agencyId }, request),
  }),
  defineRoute({
    method: "POST",
    path: "/api/email-verification/confirm",
    response: successMessageSchema,
    // the link's holder, signed in or not: the 256-bit token is the key
    access: PUBLIC,
    tightRateLimit: true,
    body: confirmEmailVerificationSchema,
    handler: ({ deps, body, request }) => confirmEmailVerification(deps, body.token, request),
  }),
];
