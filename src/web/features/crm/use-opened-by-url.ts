import { useDisclosure } from "@mantine/hooks";
import { useSearchParams } from "react-router";

/**
 * A form opened by a link (`?<param>=1`, the quick actions) or by its button; closing it drops the
 * parameter, so a reload does not open it again.
 */
export function useOpenedByUrl(param: string) {
  const [params, setParams] = useSearchParams();
  const [openedByButton, disclosure] = useDisclosure(false);
  const openedByUrl = params.get(param) === "1";
  const close = () => {
    disclosure.close();
    if (openedByUrl)
      setParams(
        (current) => {
          current.delete(param);
          return current;
        },
        { replace: true },
      );
  };
  return [openedByButton || openedByUrl, { open: disclosure.open, close }] as const;
}
