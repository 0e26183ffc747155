import { Anchor, Button, Card, Group, Stack, Table, Text, useMantineTheme, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatPhone } from "#domain/crm/phone.ts";

/** True below Mantine's `sm` breakpoint (a phone): lists show one card per record instead of a wide table. */
export function useIsPhone(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.sm})`) ?? false;
}

/** The record's name as a link to its page (a keyboard reaches and opens it like any link). */
export function RecordLink({ to, name }: { to: string; name: string }) {
  return (
    <Anchor component={Link} to={to} fw={500} size="sm">
      {name}
    </Anchor>
  );
}

/** A list row's first cell: the record's name (a link to its page), and a dimmed second line (position, legal name). */
export function NameCell({ name, detail, to }: { name: string; detail: string | null; to: string }) {
  return (
    <Table.Td>
      <RecordLink to={to} name={name} />
      <Text size="xs" c="dimmed">
        {detail ?? ""}
      </Text>
    </Table.Td>
  );
}

/** How to reach the record: its e-mail, and its phone in the BR mask below. */
export function ReachCell({ email, phone }: { email: string | null; phone: string | null }) {
  return (
    <Table.Td>
      <Text size="sm">{email ?? "—"}</Text>
      <Text size="xs" c="dimmed">
        {formatPhone(phone)}
      </Text>
    </Table.Td>
  );
}

/** The row's "Ver Detalhes", named after its record for screen readers (every row says the same words). */
export function DetailsCell({ to, name, children }: { to: string; name: string; children?: ReactNode }) {
  return (
    <Table.Td style={{ whiteSpace: "nowrap" }}>
      <Button component={Link} to={to} size="xs" variant="subtle" aria-label={`Ver detalhes de ${name}`}>
        Ver Detalhes
      </Button>
      {children}
    </Table.Td>
  );
}

/** The header of the row actions' column: empty on screen, named for screen readers. */
export function ActionsHeader() {
  return (
    <Table.Th>
      <VisuallyHidden>Ações</VisuallyHidden>
    </Table.Th>
  );
}

/** A record on a phone: a checkbox (optional), its name as a link, a badge, how to reach it, its actions. */
export function RecordCard({
  to,
  name,
  detail,
  email,
  phone,
  select,
  badge,
  actions,
}: {
  to: string;
  name: string;
  detail?: string | null;
  email: string | null;
  phone: string | null;
  select?: ReactNode;
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card withBorder padding="sm" component="li">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {select}
        <Stack gap={2} flex={1} miw={0}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <RecordLink to={to} name={name} />
            {badge}
          </Group>
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
          {email && (
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {email}
            </Text>
          )}
          {phone && (
            <Text size="xs" c="dimmed">
              {formatPhone(phone)}
            </Text>
          )}
          {actions}
        </Stack>
      </Group>
    </Card>
  );
}

/** The cards' list (a real list for screen readers). */
export function RecordCardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label={label} style={{ listStyle: "none" }}>
      {children}
    </Stack>
  );
}
