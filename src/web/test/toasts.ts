import { toast } from '../shell/toast-store';

/** The titles of the toasts on screen, oldest first. */
export function toastTitles(): string[] {
  return toast.getToasts().map((item) => item.title);
}
