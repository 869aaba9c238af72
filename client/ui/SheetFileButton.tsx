/**
 * The way to choose a spreadsheet to import (XLSX or CSV): a button that opens the file
 * picker, and the hidden file input behind it (tests set files on it; its label is the
 * button's). The chosen file goes to `onFile`; the input is emptied, so choosing the same
 * file again reads it again.
 */
import { Button, makeStyles } from '@fluentui/react-components';
import { DocumentArrowUpRegular } from '@fluentui/react-icons';
import { useRef } from 'react';

const useStyles = makeStyles({ hidden: { display: 'none' } });

export function SheetFileButton({
  label,
  onFile,
  disabled,
  primary,
  inputTestId,
  buttonTestId,
}: {
  label: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  primary?: boolean;
  inputTestId: string;
  buttonTestId: string;
}) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        className={styles.hidden}
        type="file"
        accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onFile(f);
        }}
        data-testid={inputTestId}
        aria-label={label}
      />
      <Button appearance={primary ? 'primary' : 'secondary'} icon={<DocumentArrowUpRegular />} disabled={disabled} onClick={() => input.current?.click()} data-testid={buttonTestId}>
        {label}
      </Button>
    </>
  );
}
