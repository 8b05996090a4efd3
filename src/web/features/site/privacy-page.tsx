import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCookie } from '../../components/icons';
import { useSite } from '../../api/get-site';
import { confirm } from '../../shell/confirm-store';
import { cookieBanner } from '../../shell/cookie-consent';
import { toast } from '../../shell/toast-store';
import { LegalSection } from './legal-section';

function resetCookieChoice() {
  confirm({
    type: 'warning',
    title: 'Reset cookie choice?',
    message: 'The cookie banner will ask you again.',
    confirmLabel: 'Reset',
    onConfirm: () => {
      cookieBanner.reset();
      toast.show({
        title: 'Cookie choice cleared',
        description: 'You can choose again in the banner.',
        color: 'amber',
      });
    },
  });
}

export function PrivacyPage() {
  const site = useSite();
  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="sm">
        <Title order={1}>Privacy policy</Title>
        <Text>
          {site.name} is a self-hosted community site. This page explains what the site stores about
          you, why, and what you can do about it. It is written for people, not lawyers; if anything
          is unclear, ask the people who run the site.
        </Text>
      </Stack>

      <LegalSection id="privacy-who" title="Who is responsible">
        <Text>
          The operator of this installation of {site.name} — the person or group who runs its server
          — decides what happens to your data and is the one to contact about it. The site does not
          share your data with other companies, except the services named below that it needs to
          work.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-account" title="Your account">
        <List spacing="xs">
          <List.Item>
            Your email address, used to sign in, to confirm it is yours and to reset your password.
            It is never shown to other members.
          </List.Item>
          <List.Item>
            Your password, stored only as a salted hash; nobody, including the operator, can read
            it.
          </List.Item>
          <List.Item>
            Your display name, profile details and role, which other members can see.
          </List.Item>
          <List.Item>
            What you post (reviews, comments, chat messages, reactions and reports) and when.
          </List.Item>
          <List.Item>
            Moderation records: actions taken on your account or content, with the reason.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection id="privacy-cookies" title="Cookies and local storage">
        <Text mb="xs">The site sets only two cookies, and no others:</Text>
        <List spacing="xs" mb="xs">
          <List.Item>
            <b>cookie-consent</b> remembers whether you accepted or declined cookies, for 365 days.
          </List.Item>
          <List.Item>
            A <b>session cookie</b>, only while you are signed in, so the site knows it is you.
          </List.Item>
        </List>
        <Text>
          There are no analytics, advertising or tracking cookies, no third-party scripts and no web
          fonts loaded from other sites. Your browser&apos;s local storage keeps your colour mode
          and whether you were signed in; it never leaves your device.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-uploads" title="Uploads">
        <Text>
          Images you upload are stored on the site&apos;s own storage and shown to whoever can see
          the post they belong to. Every image is re-encoded by the server, which removes embedded
          metadata such as camera details and location.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-mail" title="Email">
        <Text>
          The site emails you only for your account: to confirm your address, to reset your
          password, and for notifications you have turned on. It sends no newsletters or
          advertising.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-donations" title="Donations">
        <Text>
          If you donate, the payment is handled by the payment provider the operator has set up;
          your card details go to them and never reach this site. The site keeps the amount, the
          date and which account donated.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-retention" title="How long data is kept">
        <Text>
          Account data is kept while your account exists. Content you delete is removed from the
          site; moderation records are kept so decisions can be reviewed. Server logs, which include
          IP addresses, are kept only as long as the operator needs them to keep the site secure.
          When your account is deleted, your personal data is deleted with it.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-rights" title="Your choices">
        <Text>
          You can see and change your profile at any time, delete your own content, and ask the
          operator for a copy of your data or for your account to be deleted. You can also change
          your mind about cookies:
        </Text>
        <Paper withBorder p="md" mt="md" radius="md">
          <Button
            variant="default"
            leftSection={<IconCookie size={18} aria-hidden />}
            onClick={resetCookieChoice}
          >
            Reset cookie choice
          </Button>
        </Paper>
      </LegalSection>

      <LegalSection id="privacy-contact" title="Contact">
        <Text>
          Questions or requests about your data go to the operator of this site, through the contact
          details they publish or by a message to one of the admins.
        </Text>
      </LegalSection>
    </Stack>
  );
}
