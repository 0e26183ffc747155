import { Select } from "@mantine/core";
import { useEffect } from "react";
import { usePipelines } from "./use-pipeline-settings.ts";

/**
 * Which pipeline the board shows, when the agency has more than one (none shown otherwise). A
 * pipeline that no longer exists (deleted in the settings) falls back to the first.
 */
export function PipelinePicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (pipelineId: string | undefined) => void;
}) {
  const pipelines = usePipelines();
  const gone = Boolean(value && pipelines.data && !pipelines.data.some((p) => p.id === value));
  useEffect(() => {
    if (gone) onChange(undefined);
  }, [gone, onChange]);
  if (!pipelines.data || pipelines.data.length < 2) return null;
  return (
    <Select
      aria-label="Funil"
      placeholder="Funil"
      data={pipelines.data.map((p) => ({ value: p.id, label: p.name }))}
      value={gone ? pipelines.data[0].id : (value ?? pipelines.data[0].id)}
      onChange={(id) => id && onChange(id)}
      allowDeselect={false}
      checkIconPosition="right"
      w={{ base: "100%", xs: 200 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
