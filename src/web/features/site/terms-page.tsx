import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useSite } from '../../api/get-site';
import { PrefetchLink } from '../../shell/prefetch-link';
import { LegalSection } from './legal-section';

export function TermsPage() {
  const site = useSite();
  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="sm">
        <Title order={1}>Terms of service</Title>
        <Text>
          These are the rules for using {site.name}. By creating an account or posting, you agree to
          them. They exist so that people can disagree about films without making the place
          unpleasant.
        </Text>
      </Stack>

      <LegalSection id="terms-accounts" title="Accounts">
        <List spacing="xs">
          <List.Item>One account per person. Keep your password to yourself.</List.Item>
          <List.Item>
            Use an email address you can receive mail at; some features need it verified.
          </List.Item>
          <List.Item>You are responsible for what is posted from your account.</List.Item>
        </List>
      </LegalSection>

      <LegalSection id="terms-conduct" title="How we treat each other">
        <List spacing="xs">
          <List.Item>
            Criticise films, not people. Disagree with the argument, not the person.
          </List.Item>
          <List.Item>
            No harassment, threats, hate speech, or attacks on anyone for who they are.
          </List.Item>
          <List.Item>
            Mark spoilers. Say in the title or the first line when a post discusses the plot of a
            recent release.
          </List.Item>
          <List.Item>No spam, advertising, or links to pirated copies of films.</List.Item>
          <List.Item>
            Nothing illegal, sexually explicit or that shares someone&apos;s private information.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection id="terms-content" title="Your content">
        <Text>
          What you write and upload stays yours. By posting it you allow this site to store it, show
          it to other visitors and keep it in backups, for as long as it is on the site. Only post
          images and text you have the right to share; short quotes and stills for the purpose of a
          review are fine.
        </Text>
      </LegalSection>

      <LegalSection id="terms-moderation" title="Moderation">
        <Text>
          Moderators may hide or remove content that breaks these rules, lock or move threads, mute
          an account for a while, and, for serious or repeated problems, block an account. Every
          action is recorded with a reason. If you think a decision was wrong, contact an admin; see{' '}
          <Anchor component={PrefetchLink} to="/about">
            how moderation works
          </Anchor>
          .
        </Text>
      </LegalSection>

      <LegalSection id="terms-donations" title="Donations">
        <Text>
          Donations are voluntary gifts to keep the site running. They do not buy extra rights,
          roles or influence over moderation, and are not refundable unless the law requires it.
        </Text>
      </LegalSection>

      <LegalSection id="terms-privacy" title="Privacy">
        <Text>
          What the site stores about you, and why, is described in the{' '}
          <Anchor component={PrefetchLink} to="/privacy">
            Privacy Policy
          </Anchor>
          .
        </Text>
      </LegalSection>

      <LegalSection id="terms-warranty" title="No guarantees">
        <Text>
          The site is offered as it is. It may be unavailable at times, and views posted by members
          are their own, not the operator&apos;s.
        </Text>
      </LegalSection>

      <LegalSection id="terms-changes" title="Changes to these terms">
        <Text>
          The operator may update these terms. Important changes are announced in the news before
          they take effect. If you keep using the site after that, the new terms apply.
        </Text>
      </LegalSection>
    </Stack>
  );
}
