// The prompt shown when a new version of the app is installed and waiting (loaded only then, from
// main.tsx): "A new version is available — Reload". Reload asks the waiting worker to take over
// and reloads the page once it has, so every open page moves to the new version together.
import i18next from 'i18next';
import { toast } from '@/lib/toast';

let isReloading = false;

export async function promptUpdate(worker: ServiceWorker): Promise<void> {
  await i18next.loadNamespaces('app');
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (isReloading) return;
    isReloading = true;
    location.reload();
  });
  toast.message(i18next.t('app:update.available'), {
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: i18next.t('app:update.reload'),
      onClick: () => worker.postMessage({ type: 'skip-waiting' }),
    },
  });
}
