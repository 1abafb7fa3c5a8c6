// The signed-in user's profile (SPEC §3), for the dashboard and settings: one statement with the
// session check.
import type { Profile } from '@secure-vault/shared/vault';
import type { AppContext } from '../../context.ts';
import { type Caller, queryAs } from '../../db/caller.ts';
import type { profiles } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { toProfile } from '../../db/wire.ts';

type ProfileColumns = typeof profiles.$inferSelect;

/** A left join's row: the profile's columns, or none of them (all null) when there is none. */
type ProfileRow = ProfileColumns | { [K in keyof ProfileColumns]: null };

export async function getProfile(ctx: AppContext, caller: Caller): Promise<Profile> {
  const [row] = await queryAs<ProfileRow>(
    ctx.database,
    caller,
    'vault_profile',
    (relation) => `select p.user_id as "userId", p.email, p.full_name as "fullName",
        p.book_balance as "bookBalance", p.kyc_completed as "kycCompleted",
        p.date_of_birth::text as "dateOfBirth", p.country, p.city,
        p.street_address as "streetAddress", p.postal_code as "postalCode",
        p.phone_number as "phoneNumber", p.account_number as "accountNumber",
        p.created_at as "createdAt", p.updated_at as "updatedAt", c.*
      from ${relation} left join profiles p on p.user_id = c.user_id`,
    [],
  );
  if (row.userId === null) throw new AppError('NOT_FOUND', 'No profile found');
  return toProfile(row);
}
