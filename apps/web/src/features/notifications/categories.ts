// What each category of notice looks like: its icon beside its name (`categories.<category>` in
// the notifications catalog).
import {
  ArrowLeftRight,
  BadgeCheck,
  type LucideIcon,
  ShieldAlert,
  Truck,
  ClipboardCheck,
} from 'lucide-react';
import type { NotificationCategory } from '@secure-vault/shared/notifications';

export const categoryIcons: Record<NotificationCategory, LucideIcon> = {
  security: ShieldAlert,
  money: ArrowLeftRight,
  custody: Truck,
  kyc: BadgeCheck,
  approvals: ClipboardCheck,
};
