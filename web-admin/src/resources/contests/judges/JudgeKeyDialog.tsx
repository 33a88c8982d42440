import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

const t = (key: string) => `resources.contest-judges.key_dialog.${key}`;

/** Copies through the clipboard API where the page may use it, else through the selected text (plain http). */
async function copy(text: string, element: HTMLElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection
  }
  if (!element) return false;
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  return document.execCommand('copy');
}

/**
 * The new judge's key, shown this once: the server keeps only its hash, so neither the console
 * nor the server can show it again. The dialog does not close on a click beside it, so a stray
 * click does not lose the key.
 */
export function JudgeKeyDialog({ name, judgeKey, onClose }: { name: string; judgeKey: string; onClose: () => void }) {
  const translate = useTranslate();
  const keyRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const portal = `${window.location.origin}/score`;
  return (
    <Dialog open fullWidth maxWidth="sm" data-testid="admin-judge-key-dialog" aria-labelledby="judge-key-title">
      <DialogTitle id="judge-key-title">{translate(t('title'), { name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="admin-judge-key-once">
          {translate(t('once'))}
        </Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            ref={keyRef}
            component="code"
            data-testid="admin-judge-key"
            sx={{ flex: 1, px: 2, py: 1.5, fontFamily: 'monospace', fontSize: 20, letterSpacing: 1, bgcolor: 'action.hover', border: 1, borderColor: 'divider', borderRadius: 1, userSelect: 'all', overflowWrap: 'anywhere' }}
          >
            {judgeKey}
          </Box>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={async () => setCopied(await copy(judgeKey, keyRef.current))} data-testid="admin-judge-key-copy">
            {translate(t('copy'))}
          </Button>
        </Stack>
        <Typography variant="caption" color={copied === false ? 'error' : 'success.main'} sx={{ display: 'block', minHeight: 20, mt: 0.5 }} role="status">
          {copied === true ? translate(t('copied')) : copied === false ? translate(t('copy_failed')) : ''}
        </Typography>
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          {translate(t('how'), { portal })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="admin-judge-key-close">
          {translate(t('close'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
