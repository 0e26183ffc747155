import { Button, Card, CopyButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { formatDateTime } from "#web/lib/format.ts";
import { useFeed, useFeedActions } from "./use-calendar.ts";

/** The private iCalendar link (Google Agenda, Outlook): shown once when made, revocable. */
export function CalendarFeedPanel() {
  const feed = useFeed();
  const { create, revoke } = useFeedActions();
  const [url, setUrl] = useState<string | null>(null);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600}>Assinar no Google Agenda ou Outlook</Text>
        <Text size="sm" c="dimmed">
          Um link secreto e pessoal com suas tarefas, marcos e reuniões. Quem tiver o link vê sua agenda: gere um novo
          para revogar o anterior.
        </Text>
        {url && (
          <Group gap="xs" wrap="nowrap">
            <TextInput aria-label="Link do calendário" value={url} readOnly style={{ flex: 1 }} />
            <CopyButton value={url}>
              {({ copied, copy }) => <Button onClick={copy}>{copied ? "Copiado!" : "Copiar"}</Button>}
            </CopyButton>
          </Group>
        )}
        {!url && feed.data?.active && <Text size="sm">Link ativo desde {formatDateTime(feed.data.createdAt)}.</Text>}
        <Group gap="xs">
          <Button
            variant="light"
            loading={create.isPending}
            onClick={() => create.mutate(undefined, { onSuccess: (r) => setUrl(r.url) })}
          >
            {feed.data?.active ? "Gerar novo link" : "Gerar link"}
          </Button>
          {feed.data?.active && (
            <Button
              variant="subtle"
              color="red"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(undefined, { onSuccess: () => setUrl(null) })}
            >
              Revogar
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
