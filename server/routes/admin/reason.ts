// The reason an operator gives for a refusal or a cancellation; the buyer reads it.
import { z } from 'zod';
import { REJECT_REASON_MAX } from '@domain/admin.ts';

export const reasonSchema = (what: string) =>
  z.object({
    reason: z
      .string({ error: `请填写${what}` })
      .trim()
      .min(2, { error: `${what}至少2个字` })
      .max(REJECT_REASON_MAX, { error: `${what}最多${REJECT_REASON_MAX}个字` }),
  });
