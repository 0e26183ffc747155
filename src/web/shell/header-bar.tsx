import { useHeaderGap, useHeaderIconSize } from "./header-icon-size.ts";
import {
  ActionIcon,
  Badge,
  Burger,
  Button,
  Group,
  Kbd,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import {
  IconCalendarPlus,
  IconLogout,
  IconMessagePlus,
  IconPlus,
  IconSearch,
  IconSettings,
  IconShieldLock,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { ROLE_LABELS } from "#domain/roles.ts";
import { useMe } from "../lib/session.ts";
import { signOut } from "../lib/sign-out.ts";
import { HeaderTimer } from "../features/time-tracking/header-timer.tsx";
import { NotificationsMenu } from "./notifications-menu.tsx";

/**
 * Header quick buttons: "Novo Projeto" opens the project form and "Agendar" the meeting form
 * (their screens open them from the URL); "Nova Conversa" opens its section.
 */
const QUICK_BUTTONS = [
  { label: "Novo Projeto", path: "/app/projetos/visao-geral?novo=1", icon: IconPlus },
  { label: "Nova Conversa", path: "/app/inbox/conversas", icon: IconMessagePlus },
  { label: "Agendar", path: "/app/projetos/calendario?agendar=1", icon: IconCalendarPlus },
];

function SearchTrigger({ onOpen }: { onOpen(): void }) {
  return (
    <UnstyledButton
      onClick={onOpen}
      // Named by what it shows ("Buscar... Ctrl+K"): an aria-label that differs from the visible text fails WCAG 2.5.3.
      px="sm"
      py={6}
      w={200}
      style={{ border: "1px solid var(--mantine-color-gray-4)", borderRadius: "var(--mantine-radius-md)" }}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap">
          <IconSearch size={16} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            Buscar...
          </Text>
        </Group>
        <Kbd size="xs">Ctrl+K</Kbd>
      </Group>
    </UnstyledButton>
  );
}

export function HeaderBar({
  title,
  navOpened,
  onToggleNav,
  onOpenPalette,
}: {
  title: string;
  navOpened: boolean;
  onToggleNav(): void;
  onOpenPalette(): void;
}) {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = me.data?.user;
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : "";
  const iconSize = useHeaderIconSize();
  const gap = useHeaderGap();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: "1 1 auto" }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Abrir menu"
          aria-expanded={navOpened}
        />
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            {/* Two lines before an ellipsis: a long title on a phone wraps instead of being cut. */}
            <Title order={1} fz={{ base: "lg", sm: "h3" }} lh={1.15} lineClamp={2}>
              {title}
            </Title>
            {user && (
              <Badge variant="light" visibleFrom="xs" data-testid="role-badge" style={{ flexShrink: 0 }}>
                {ROLE_LABELS[user.role]}
              </Badge>
            )}
          </Group>
          {user?.agencyName && (
            <Text size="xs" c="dimmed" truncate>
              {user.agencyName}
            </Text>
          )}
        </div>
      </Group>

      <Group gap={gap} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Group visibleFrom="md">
          <SearchTrigger onOpen={onOpenPalette} />
        </Group>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={iconSize}
          hiddenFrom="md"
          onClick={onOpenPalette}
          aria-label="Buscar"
        >
          <IconSearch size={20} />
        </ActionIcon>
        {/* From xl only: at 1280 px the three quick buttons cut the title and the role ("Pipelin…"). */}
        <Group gap={6} visibleFrom="xl" wrap="nowrap" display={user?.agencyId ? undefined : "none"}>
          {QUICK_BUTTONS.map(({ label, path, icon: Icon }) => (
            <Button
              key={label}
              size="xs"
              variant="light"
              leftSection={<Icon size={14} />}
              onClick={() => navigate(path)}
            >
              {label}
            </Button>
          ))}
        </Group>
        <HeaderTimer />
        {/* An inbox belongs to an agency: a user with none has no bell (nor its stream). */}
        {user?.agencyId && <NotificationsMenu />}
        {/* Below sm these two live in the phone menu (Configurações in the sidebar, Segurança in its
            footer): in the header they left the screen's title some 90 px, "Configur…" (issue 19). */}
        <Tooltip label="Segurança da conta">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            visibleFrom="sm"
            aria-label="Segurança da conta"
            onClick={() => navigate("/seguranca")}
          >
            <IconShieldLock size={20} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Configurações">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            visibleFrom="sm"
            aria-label="Configurações"
            onClick={() => navigate("/app/configuracoes")}
          >
            <IconSettings size={20} />
          </ActionIcon>
        </Tooltip>
        {user && (
          <Stack gap={0} visibleFrom="sm" style={{ maxWidth: 160, minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {fullName || user.email}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
        )}
        <Tooltip label="Sair">
          <ActionIcon
            variant="subtle"
            color="red"
            size={iconSize}
            aria-label="Sair"
            onClick={() => void signOut(queryClient, (path) => navigate(path))}
          >
            <IconLogout size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
