import { Button, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatPhone } from "#domain/crm/phone.ts";

/** A list row's first cell: the record's name, and a dimmed second line (position, legal name). */
export function NameCell({ name, detail }: { name: string; detail: string | null }) {
  return (
    <Table.Td>
      <Text fw={500} size="sm">
        {name}
      </Text>
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
export function DetailsCell({ to, name }: { to: string; name: string }) {
  return (
    <Table.Td>
      <Button component={Link} to={to} size="xs" variant="subtle" aria-label={`Ver detalhes de ${name}`}>
        Ver Detalhes
      </Button>
    </Table.Td>
  );
}
