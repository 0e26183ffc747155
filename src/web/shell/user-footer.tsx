import { ActionIcon, Avatar, Group, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { Link } from "react-router";
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

/** On a phone the header has no room for the account-security button: the menu's footer carries it. */
export function UserFooter({ onNavigate }: { onNavigate?(): void }) {
  const me = useMe();
  const { initial, name, company } = footerIdentity(me.data?.user);
  return (
    <Group gap="sm" p="md" wrap="nowrap" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
      <Avatar color="blue" radius="xl" aria-hidden>
        {initial}
      </Avatar>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600} truncate data-testid="footer-name">
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {company}
        </Text>
      </div>
      <ActionIcon
        component={Link}
        to="/seguranca"
        variant="subtle"
        color="gray"
        size="lg"
        hiddenFrom="sm"
        aria-label="Segurança da conta"
        onClick={onNavigate}
      >
        <IconShieldLock size={20} />
      </ActionIcon>
    </Group>
  );
}
