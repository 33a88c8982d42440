import { AutocompleteInput, FormDataConsumer, ReferenceInput } from 'react-admin';

/** Only a company's projects once its customer ID is typed; every project otherwise. */
function projectFilter(customerId: unknown): Record<string, string> {
  const company = typeof customerId === 'string' ? customerId.trim() : '';
  return company ? { customerId: company } : {};
}

/**
 * The user's enterprise project, chosen among the projects: the server accepts only a project of
 * the user's customer ID, so that company's projects are offered. Clearing the input sets no project.
 */
export const ProjectInput = ({ width }: { width: number }) => (
  <FormDataConsumer>
    {({ formData }) => (
      <ReferenceInput source="projectId" reference="projects" filter={projectFilter(formData?.customerId)} sort={{ field: 'id', order: 'ASC' }}>
        {/* The current project stays in the list, so a company with one project does not read "no options". */}
        <AutocompleteInput
          label="resources.users.fields.projectId"
          helperText="resources.users.helpers.projectId"
          noOptionsText="resources.projects.none_found"
          filterSelectedOptions={false}
          sx={{ width }}
        />
      </ReferenceInput>
    )}
  </FormDataConsumer>
);
