import { Button, type ButtonProps } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';

interface IrreversibleButtonProps extends Omit<ButtonProps, 'onClick'> {
  label: string;
  /** Translation keys of the question and of what will follow, with their values. */
  title: string;
  content: string;
  translateOptions?: Record<string, unknown>;
  onConfirm: () => Promise<unknown>;
  testId: string;
}

/** A staff action that cannot be undone (confirm a payment, refuse, close): asked once more, naming what it acts on. */
export function IrreversibleButton({ label, title, content, translateOptions, onConfirm, testId, disabled, ...buttonProps }: IrreversibleButtonProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button {...buttonProps} disabled={disabled || pending} onClick={() => setOpen(true)} data-testid={testId}>
        {translate(label)}
      </Button>
      <Confirm isOpen={open} loading={pending} title={title} content={content} translateOptions={translateOptions} onConfirm={confirm} onClose={() => setOpen(false)} />
    </>
  );
}
