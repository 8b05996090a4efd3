import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint, IconX } from './icons';
import { passwordPolicy, type PasswordPolicy } from '../../shared/accounts';
import { usePasswordPolicy, type PasswordRuleId } from '../api/password-policy';

type RuleStatus = 'unchecked' | 'met' | 'broken' | 'on-submit';

const statusText: Record<RuleStatus, string> = {
  unchecked: 'not checked yet',
  met: 'met',
  broken: 'not met',
  'on-submit': 'checked when you submit',
};

/** Who the password belongs to, when the form knows (sign-up). */
export interface PasswordOwner {
  email: string;
  username: string;
}

/** A password the server refused, and the rules it named. */
export interface RefusedPassword {
  password: string;
  rules: readonly PasswordRuleId[];
}

/** The server's rule: the email, its local part or the username, when 3+ characters long. */
function containsPersonal(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  const localPart = owner.email.split('@')[0] ?? '';
  return [owner.email, localPart, owner.username]
    .map((value) => value.trim().toLowerCase())
    .some((value) => value.length >= 3 && lower.includes(value));
}

export function ruleStatus(
  id: PasswordRuleId,
  policy: PasswordPolicy,
  password: string,
  owner?: PasswordOwner,
  refused?: RefusedPassword | null,
): RuleStatus {
  // The server's word on this very password beats what the browser can check.
  if (refused?.password === password && refused.rules.includes(id)) return 'broken';
  // An empty field has broken nothing yet: the list stays a neutral list of rules until typing.
  if (password === '') return id === 'not-common' ? 'on-submit' : 'unchecked';
  switch (id) {
    case 'min-length':
      return password.length >= policy.minLength ? 'met' : 'broken';
    case 'max-length':
      return password.length <= policy.maxLength ? 'met' : 'broken';
    case 'not-personal':
      if (!owner) return 'on-submit';
      return containsPersonal(password, owner) ? 'broken' : 'met';
    case 'not-common':
      return 'on-submit';
  }
}

function StatusIcon({ status }: { status: RuleStatus }) {
  const color = status === 'met' ? 'green' : status === 'broken' ? 'red' : 'gray';
  const Icon = status === 'met' ? IconCheck : status === 'broken' ? IconX : IconPoint;
  return (
    <ThemeIcon color={color} variant="light" size={20} radius="xl">
      <Icon size={14} aria-hidden />
    </ThemeIcon>
  );
}

interface PasswordRequirementsProps {
  password: string;
  owner?: PasswordOwner;
  refused?: RefusedPassword | null;
}

/** The password policy from the server as a checklist that follows what is typed. */
export function PasswordRequirements({ password, owner, refused }: PasswordRequirementsProps) {
  const policy = usePasswordPolicy();
  if (policy.isPending) {
    return (
      <Text size="sm" c="dimmed">
        Loading the password requirements…
      </Text>
    );
  }
  if (policy.isError) {
    return (
      <Text size="sm" c="dimmed">
        Use at least {passwordPolicy.minLength} characters.
      </Text>
    );
  }
  return (
    <List aria-label="Password requirements" spacing={4} size="sm" listStyleType="none">
      {policy.data.rules.map((rule) => {
        const status = ruleStatus(rule.id, policy.data, password, owner, refused);
        return (
          <List.Item key={rule.id} icon={<StatusIcon status={status} />} data-status={status}>
            <Text size="sm" span>
              {rule.description}
            </Text>
            <VisuallyHidden> ({statusText[status]})</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}
