/** The agent profile form's starting values: blank for a new profile, or a stored profile as the form edits it. */
import { hoursByDay } from './business-hours.ts';
import type { AgentProfile, UpdateAgentProfileFormInput } from './profile.schema.ts';

/**
 * The form's starting values for a new profile (REQ-AGENT): the account's name and e-mail, everything else blank.
 */
export function newProfileFormValues(user: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): UpdateAgentProfileFormInput {
  return {
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    agencyName: '',
    branchName: '',
    email: user.email,
    phone: '',
    phoneSecondary: '',
    bio: '',
    address: '',
    websiteUrl: '',
    socialLinks: { linkedin: '', facebook: '' },
    businessHours: null,
    certifications: [],
    languages: [],
    yearsExperience: '',
  };
}

/** The form's starting values from a stored profile (nulls as '', years as text). */
export function profileFormValues(agent: AgentProfile): UpdateAgentProfileFormInput {
  return {
    name: agent.name,
    agencyName: agent.agencyName ?? '',
    branchName: agent.branchName ?? '',
    email: agent.email ?? '',
    phone: agent.phone ?? '',
    phoneSecondary: agent.phoneSecondary ?? '',
    bio: agent.bio ?? '',
    address: agent.address ?? '',
    websiteUrl: agent.websiteUrl ?? '',
    socialLinks: { linkedin: agent.socialLinks.linkedin ?? '', facebook: agent.socialLinks.facebook ?? '' },
    // The demo and older rows keep spans of days ('Monday to Friday'); the form edits one day at a time.
    businessHours: Object.keys(hoursByDay(agent.businessHours)).length
      ? hoursByDay(agent.businessHours)
      : null,
    certifications: agent.certifications,
    languages: agent.languages,
    yearsExperience: agent.yearsExperience == null ? '' : String(agent.yearsExperience),
  };
}
