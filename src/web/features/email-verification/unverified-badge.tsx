import { Badge } from "@mantine/core";
import { EMAIL_VERIFICATION_MESSAGES } from "#domain/schemas/email-verification.ts";

/** For managers: this account has not proved its address yet (issue 13, item 8). */
export function UnverifiedEmailBadge({ isVerified }: { isVerified: boolean }) {
  if (isVerified) return null;
  return (
    <Badge color="yellow" variant="light" size="sm">
      {EMAIL_VERIFICATION_MESSAGES.notVerified}
    </Badge>
  );
}
