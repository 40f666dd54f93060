// Add or edit an address in a dialog (address book and checkout), saved through the address API.
import { isApiError } from '../../domain/api-error';
import { useSaveAddress } from '../../api/addresses';
import { presentError } from '../../ui/error-presenter';
import type { Address, AddressInput } from '../../domain/orders';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { AddressForm } from './address-form';
import { addressValuesOf, serverAddressErrors, type AddressErrors } from './address-rules';
import styles from './address.module.css';

export const ADDRESS_SAVED_MESSAGE = '收货地址已保存';

export interface AddressDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address being edited; absent for a new one. */
  address?: Address | null;
  /** Called with the server's copy (its id lets checkout select a new address). */
  onSaved?: (saved: Address | null) => void;
}

export function AddressDialog({ open, onOpenChange, address, onSaved }: AddressDialogProps) {
  const save = useSaveAddress();

  const submit = async (input: AddressInput): Promise<AddressErrors | void> => {
    try {
      const saved = await save.mutateAsync({ id: address?.id, input });
      toast.show({ message: ADDRESS_SAVED_MESSAGE, tone: 'success' });
      onOpenChange(false);
      onSaved?.(saved && typeof saved === 'object' && typeof saved.id === 'number' ? saved : null);
    } catch (err) {
      const fields = isApiError(err) && err.kind === 'validation' ? serverAddressErrors(err.fieldErrors) : {};
      if (Object.keys(fields).length > 0) return fields;
      presentError(err);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={address ? '编辑收货地址' : '新增收货地址'}
      widthPx={560}
      closeLabel="关闭"
    >
      {/* Keyed so reopening for another address starts from that address's values. */}
      <AddressForm
        key={address?.id ?? 'new'}
        className={styles.dialogForm}
        initial={address ? addressValuesOf(address) : undefined}
        busy={save.isPending}
        onSubmit={submit}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
