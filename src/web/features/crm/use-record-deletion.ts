import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { notifyUndoable } from "./undo-notification.tsx";
import { useCrmMutation, useCrmRefresh } from "./use-crm.ts";

type RecordDeletion = {
  remove: () => Promise<unknown>;
  restore: () => Promise<unknown>;
  deletedMessage: string;
  restoredMessage: string;
  /** Where the page goes once its record is deleted. */
  listPath: string;
};

const showError = (e: Error) => notifications.show({ color: "red", message: e.message });

/**
 * A record page's delete (then back to the list, with Desfazer in the notification) and its
 * restore from the deleted banner.
 */
export function useRecordDeletion({ remove, restore, deletedMessage, restoredMessage, listPath }: RecordDeletion) {
  const navigate = useNavigate();
  const refresh = useCrmRefresh();
  const removal = useCrmMutation(remove);
  const restoral = useCrmMutation(restore);
  const onDelete = () =>
    removal.mutate(undefined, {
      onSuccess: () => {
        notifyUndoable({ message: deletedMessage, restoredMessage, restore: () => restore().finally(refresh) });
        navigate(listPath);
      },
      onError: showError,
    });
  const onRestore = () =>
    restoral.mutate(undefined, {
      onSuccess: () => notifications.show({ color: "green", message: restoredMessage }),
      onError: showError,
    });
  return { onDelete, onRestore, isDeleting: removal.isPending, isRestoring: restoral.isPending };
}
