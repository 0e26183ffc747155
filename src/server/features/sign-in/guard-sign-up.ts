import type { Hono } from "hono";
import { EMAIL_TAKEN_CODE, SIGN_IN_MESSAGES, type SignUpInput, signUpSchema } from "#domain/schemas/sign-in.ts";
import { AUTH_BASE_PATH } from "../../auth/auth.ts";
import { authRequest } from "../../auth/auth-request.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { requestMeta } from "../../http/register-routes.ts";
import { auditAuthEvent, userIdOfAuthAnswer } from "./audit-auth-event.ts";
import { betterAuthError } from "../../auth/translate-auth-errors.ts";
import { errorResponse, readJsonBody, validationError } from "./auth-responses.ts";
import { verifyOrSendVerification } from "./verify-invited-sign-up.ts";

/**
 * Our rules around better-auth's sign-up: the shared schema (names, e-mail, spec §5 password,
 * a sign-up role that is never super_admin) judges the body before better-auth sees it, and
 * better-auth receives only the parsed fields. A taken e-mail answers the spec's message.
 */
export function guardSignUp(app: Hono, deps: Deps): void {
  app.post(`${AUTH_BASE_PATH}/sign-up/email`, async (c) => {
    const parsed = signUpSchema.safeParse(signUpFields(await readJsonBody(c)));
    if (!parsed.success) return errorResponse(c, validationError(parsed.error.issues));

    const response = await deps.auth.handler(authRequest(c, deps.config.trustProxy, betterAuthSignUpBody(parsed.data)));
    if (response.ok) {
      const request = requestMeta(c, deps.config.trustProxy);
      const userId = await auditSignUp(deps, response, request);
      if (userId) {
        await verifyOrSendVerification(
          deps,
          { id: userId, email: parsed.data.email },
          parsed.data.inviteToken,
          request,
        );
      }
      return response;
    }
    const code = (await betterAuthError(response))?.code;
    if (code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || code === "USER_ALREADY_EXISTS") {
      return errorResponse(c, new AppError("conflict", SIGN_IN_MESSAGES.emailTaken, { authCode: EMAIL_TAKEN_CODE }));
    }
    return response; // better-auth's other refusals are translated on their way out (auth/translate-auth-errors.ts)
  });
}

/** The role may come as `role` (our form) or better-auth's field name `signupRole`; both are judged. */
function signUpFields(body: unknown): unknown {
  if (!body || typeof body !== "object") return body;
  const { signupRole, ...rest } = body as Record<string, unknown>;
  return "role" in rest ? rest : { ...rest, role: signupRole };
}

function betterAuthSignUpBody(input: SignUpInput): Record<string, unknown> {
  return {
    email: input.email,
    password: input.password,
    name: `${input.firstName} ${input.lastName}`,
    firstName: input.firstName,
    lastName: input.lastName,
    company: input.company,
    signupRole: input.role,
  };
}

async function auditSignUp(
  deps: Deps,
  response: Response,
  request: { ip: string | null; userAgent: string | null },
): Promise<string | null> {
  const userId = await userIdOfAuthAnswer(response);
  if (!userId) return null;
  await auditAuthEvent(deps, { userId }, request, { action: "signup", resourceType: "user", resourceId: userId });
  return userId;
}
