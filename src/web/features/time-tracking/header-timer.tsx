import { ActionIcon, Button, Group, Text, Tooltip } from "@mantine/core";
import { IconPlayerStop } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { usePermission } from "#web/lib/permissions.ts";
import { useRunningTimer, useStopTimer } from "./use-time.ts";

const clock = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, "0")).join(":");
};

/** The running timer in the header, from any tab: held by the server, stopped here. */
export function HeaderTimer() {
  const allowed = usePermission("projetos_tempo", "view").isAllowed;
  const timer = useRunningTimer(allowed);
  const stop = useStopTimer();
  const [now, setNow] = useState(() => Date.now());
  const running = timer.data;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);
  if (!running) return null;
  return (
    <Tooltip label={`${running.projectName}${running.taskTitle ? ` · ${running.taskTitle}` : ""}`}>
      <Group gap={4} wrap="nowrap" data-testid="header-timer">
        <Text fz={{ base: "xs", sm: "sm" }} fw={600} c="red" ff="monospace" aria-label="Cronômetro em andamento">
          {clock(now - Date.parse(running.startedAt))}
        </Text>
        {/* On a phone the stop is an icon: the worded button left the screen's title some 40 px ("Calen…"). */}
        <Button
          size="compact-xs"
          color="red"
          variant="light"
          visibleFrom="sm"
          leftSection={<IconPlayerStop size={12} />}
          loading={stop.isPending}
          onClick={() => stop.mutate()}
        >
          Parar
        </Button>
        <ActionIcon
          size="md"
          color="red"
          variant="light"
          hiddenFrom="sm"
          aria-label="Parar cronômetro"
          loading={stop.isPending}
          onClick={() => stop.mutate()}
        >
          <IconPlayerStop size={14} />
        </ActionIcon>
      </Group>
    </Tooltip>
  );
}
