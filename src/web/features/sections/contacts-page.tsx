import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconFilter, IconPlus, IconSearch } from "@tabler/icons-react";
import dayjs from "dayjs";
import { useState } from "react";
import { formatDate } from "#web/lib/format.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { filterContacts } from "./contact-search.ts";
import { CONTACT_STATUS, type Contact, SAMPLE_CONTACTS } from "./sample-data.ts";
import { SectionAccess } from "./section-access.tsx";
import { SectionHeader } from "./section-header.tsx";

function SummaryCards({ contacts }: { contacts: Contact[] }) {
  const thisMonth = contacts.filter((c) => dayjs(c.lastContact).isSame(dayjs(), "month")).length;
  const cards = [
    { label: "Total", value: contacts.length },
    { label: "Leads", value: contacts.filter((c) => c.status === "lead").length },
    { label: "Clientes", value: contacts.filter((c) => c.status === "cliente").length },
    { label: "Este Mês", value: thisMonth },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="md">
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fz={26} fw={700}>
            {card.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function ContactRow({ contact }: { contact: Contact }) {
  const status = CONTACT_STATUS[contact.status];
  return (
    <Card withBorder padding="md" data-testid="contact-row">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar color="blue" radius="xl">
            {contact.name[0]}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{contact.name}</Text>
              <Badge color={status.color} variant="light" size="sm">
                {status.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {contact.position} · {contact.company}
            </Text>
            <Text size="xs" c="dimmed">
              {contact.email} · {contact.phone} · Último contato: {formatDate(contact.lastContact)}
            </Text>
          </div>
        </Group>
        <Button variant="light" size="xs">
          Ver Detalhes
        </Button>
      </Group>
    </Card>
  );
}

/** Spec §2.10: summary, a search that filters the list, and the sample contacts. */
export default function ContactsPage() {
  const screen = useCurrentScreen();
  const [query, setQuery] = useState("");
  const shown = filterContacts(SAMPLE_CONTACTS, query);
  return (
    <SectionAccess screen={screen}>
      <SectionHeader
        title="Contatos"
        description="Base de contatos, leads e clientes"
        actions={
          <>
            <Button variant="default" leftSection={<IconFilter size={16} />}>
              Filtros
            </Button>
            <Button leftSection={<IconPlus size={16} />}>Novo Contato</Button>
          </>
        }
      />
      <SummaryCards contacts={SAMPLE_CONTACTS} />
      <TextInput
        mb="md"
        leftSection={<IconSearch size={16} />}
        placeholder="Buscar por nome, e-mail ou empresa..."
        aria-label="Buscar contatos"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      <Stack gap="sm">
        {shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            Nenhum contato encontrado
          </Text>
        ) : (
          shown.map((contact) => <ContactRow key={contact.id} contact={contact} />)
        )}
      </Stack>
    </SectionAccess>
  );
}
