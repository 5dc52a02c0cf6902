// The contact form's check: the contract's request schema. Loaded when the form first checks
// (ContactForm.tsx), not with the contact page.
import { zodResolver } from '@hookform/resolvers/zod';
import { ContactMessageRequest } from '@contract';

export const contactResolver = zodResolver(ContactMessageRequest);
