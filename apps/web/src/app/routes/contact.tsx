// /contact: the contact form, checked by the schema the server parses it with, and the team's
// details beside it.
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { ArrowLeft, Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ContactMessage } from '@secure-vault/shared/contact';
import * as contact from '@secure-vault/shared/contact/contracts';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, callApi } from '@/lib/api-client';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { contactDetails } from '@/features/marketing/contact-details';

type Field = keyof ContactMessage;

export default function ContactRoute() {
  const { t } = useTranslation('contact');
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const form = useSchemaForm(contact.sendContactMessage.body, {
    defaultValues: { fullName: '', email: '', phone: '', enquiry: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await callApi(contact.sendContactMessage, { body: values });
      await navigate(paths.thankYou);
    } catch (error) {
      if (setServerIssues(form, error)) return;
      const description =
        error instanceof ApiError && error.code === 'RATE_LIMITED'
          ? t('common:errors.rateLimited')
          : t('sendFailed.description');
      toast.error(t('sendFailed.title'), { description });
    }
  });

  const fieldError = (name: Field) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`${name}-error`} className="text-sm text-destructive">
        {t(message)}
      </p>
    ) : null;
  };

  const describedBy = (name: Field) => (errors[name] ? `${name}-error` : undefined);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
      <Button asChild variant="ghost" size="sm" className="mb-6 -ms-3">
        <Link to={paths.home}>
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {t('common:actions.backToHome')}
        </Link>
      </Button>
      <header className="mb-10 max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-strong">
          {t('eyebrow')}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{t('subtitle')}</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <Card>
          <CardHeader>
            <CardTitle level={2}>{t('form.title')}</CardTitle>
            <CardDescription>{t('form.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="fullName">{t('form.fullName')}</Label>
                <Input
                  id="fullName"
                  autoComplete="name"
                  aria-invalid={Boolean(errors.fullName)}
                  aria-describedby={describedBy('fullName')}
                  {...form.register('fullName')}
                />
                {fieldError('fullName')}
              </div>
              <div className="grid gap-2">
                <Label htmlFor="email">{t('form.email')}</Label>
                <Input
                  id="email"
                  type="email"
                  dir="ltr"
                  autoComplete="email"
                  aria-invalid={Boolean(errors.email)}
                  aria-describedby={describedBy('email')}
                  {...form.register('email')}
                />
                {fieldError('email')}
              </div>
              <div className="grid gap-2 sm:col-span-2">
                <Label htmlFor="phone">{t('form.phone')}</Label>
                <Input
                  id="phone"
                  type="tel"
                  dir="ltr"
                  autoComplete="tel"
                  placeholder="+971 50 123 4567"
                  aria-invalid={Boolean(errors.phone)}
                  aria-describedby={describedBy('phone')}
                  {...form.register('phone')}
                />
                {fieldError('phone')}
              </div>
              <div className="grid gap-2 sm:col-span-2">
                <Label htmlFor="enquiry">{t('form.enquiry')}</Label>
                <Textarea
                  id="enquiry"
                  rows={6}
                  placeholder={t('form.enquiryPlaceholder')}
                  aria-invalid={Boolean(errors.enquiry)}
                  aria-describedby={describedBy('enquiry')}
                  {...form.register('enquiry')}
                />
                {fieldError('enquiry')}
              </div>
              <div className="sm:col-span-2">
                <Button
                  type="submit"
                  size="lg"
                  className="w-full sm:w-auto"
                  disabled={form.formState.isSubmitting}
                >
                  {form.formState.isSubmitting ? (
                    <Spinner label={t('form.sending')} />
                  ) : (
                    t('form.submit')
                  )}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <aside aria-labelledby="contact-details-title">
          <Card className="bg-primary text-primary-foreground">
            <CardHeader>
              <CardTitle level={2} id="contact-details-title">
                {t('details.title')}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5 text-sm">
              <p className="flex gap-3">
                <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 opacity-80" />
                <span>{t('details.address')}</span>
              </p>
              <p className="flex gap-3">
                <Phone aria-hidden className="mt-0.5 size-5 shrink-0 opacity-80" />
                <a
                  href={`tel:${contactDetails.phone.replace(/\s/g, '')}`}
                  dir="ltr"
                  className="underline-offset-4 hover:underline"
                >
                  {contactDetails.phone}
                </a>
              </p>
              <p className="flex gap-3">
                <Mail aria-hidden className="mt-0.5 size-5 shrink-0 opacity-80" />
                <a
                  href={`mailto:${contactDetails.email}`}
                  dir="ltr"
                  className="underline-offset-4 hover:underline"
                >
                  {contactDetails.email}
                </a>
              </p>
              <p className="flex gap-3">
                <Clock aria-hidden className="mt-0.5 size-5 shrink-0 opacity-80" />
                <span>{t('details.hours')}</span>
              </p>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
