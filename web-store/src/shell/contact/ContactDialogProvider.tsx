import { type ReactNode, createContext, useContext, useMemo, useState } from 'react';
import { ContactDialog } from './ContactDialog';

interface ContactDialogApi {
  open(): void;
}

const ContactDialogContext = createContext<ContactDialogApi>({ open: () => undefined });

/** Lets the footer and the consultation panel open the one contact dialog. */
export function useContactDialog(): ContactDialogApi {
  return useContext(ContactDialogContext);
}

export function ContactDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const api = useMemo(() => ({ open: () => setOpen(true) }), []);
  return (
    <ContactDialogContext.Provider value={api}>
      {children}
      <ContactDialog open={open} onClose={() => setOpen(false)} />
    </ContactDialogContext.Provider>
  );
}
