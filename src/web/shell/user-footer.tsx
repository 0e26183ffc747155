import { Avatar, Group, Text } from "@mantine/core";
import { useMe } from "../lib/session.ts";

type FooterUser = { firstName: string; lastName: string; company: string | null; agencyName?: string | null };

/**
 * Spec §1 fallbacks: initial 'U', name 'Admin User', company 'Nexo'. The agency the user works in
 * comes first (issue 19): the company typed at sign-up is only what they said.
 */
export function footerIdentity(user: FooterUser | undefined) {
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(" ").trim();
  return {
    initial: (user?.firstName?.trim()[0] ?? "U").toUpperCase(),
    name: fullName || "Admin User",
    company: user?.agencyName?.trim() || user?.company?.trim() || "Nexo",
  };
}

export function UserFooter() {
  const me = useMe();
  const { initial, name, company } = footerIdentity(me.data?.user);
  return (
    <Group gap="sm" p="md" wrap="nowrap" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
      <Avatar color="blue" radius="xl" aria-hidden>
        {initial}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate data-testid="footer-name">
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {company}
        </Text>
      </div>
    </Group>
  );
}
