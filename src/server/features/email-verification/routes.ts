import { successMessageSchema } from "#domain/schemas/shared-answers.ts";
import { confirmEmailVerificationSchema, EMAIL_VERIFICATION_MESSAGES } from "#domain/schemas/email-verification.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Deps } from "../../deps.ts";
import { defineRoute, PUBLIC, SIGNED_IN } from "../../http/route.ts";
import { enforceLimits } from "../../rate-limit/enforce-limits.ts";
import type { Limit } from "../../rate-limit/hit-limit.ts";
import { confirmEmailVerification } from "./confirm-email-verification.ts";
import { sendVerificationEmail } from "./send-verification-email.ts";

/**
 * The tight limit counts per IP and per session, and each sign-in opens a new session: the
 * mailbox itself gets 3 links an hour, however many sessions or addresses ask (decision 017).
 */
const RESENDS_PER_ACCOUNT: Limit = { windowMs: 60 * 60_000, max: 3 };

function limitResends(deps: Deps, user: SessionUser): Promise<void> {
  return enforceLimits(
    deps,
    [
      { key: `email-verification:user:${user.id}`, limit: RESENDS_PER_ACCOUNT },
      { key: `email-verification:email:${user.email.toLowerCase()}`, limit: RESENDS_PER_ACCOUNT },
    ],
    EMAIL_VERIFICATION_MESSAGES.tooMany,
  );
}

/** Issue 13, item 8: "Reenviar e-mail de verificação" and the link's landing page. */
export const emailVerificationRoutes = [
  defineRoute({
    method: "POST",
    path: "/api/me/email-verification",
    response: successMessageSchema,
    access: SIGNED_IN,
    // sends an e-mail: limited like every such route, and per account
    tightRateLimit: true,
    allowInactiveAgency: true,
    allowWithoutTwoFactor: true,
    handler: async ({ deps, user, request }) => {
      await limitResends(deps, user);
      return sendVerificationEmail(deps, { id: user.id, agencyId: user.agencyId }, request);
    },
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
