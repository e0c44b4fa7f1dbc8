import { type SaveIntegrationCompany, saveIntegrationCompanySchema } from '@store-cloud/contracts';
import { z } from 'zod';

export const idText = z.string().trim().regex(/^\d*$/, 'must be a whole number');

/** The modal's fields as typed; turned into the contract's body on save. */
export const formSchema = z.object({
  username: z.string().trim().max(200),
  password: z.string().max(200),
  stores: z.array(
    z.object({
      storeId: z.number().int(),
      username: z.string().trim().max(200),
      password: z.string().max(200),
      installedCompanyId: idText,
      installedStoreId: idText,
    }),
  ),
});
export type FormValues = z.infer<typeof formSchema>;

export const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

export function toSaveBody(companyId: number, v: FormValues): SaveIntegrationCompany {
  return saveIntegrationCompanySchema.parse({
    companyId,
    evobos: { username: v.username, password: v.password || undefined },
    stores: v.stores.map((s) => ({
      storeId: s.storeId,
      evobos: { username: s.username, password: s.password || undefined },
      installed: {
        companyId: toNumber(s.installedCompanyId),
        storeId: toNumber(s.installedStoreId),
      },
    })),
  });
}
