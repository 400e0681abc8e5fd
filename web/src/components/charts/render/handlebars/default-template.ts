/** Superset's default template: each row as JSON in a list (kept apart so Explore's panel need not load Handlebars). */
export const DEFAULT_HANDLEBARS_TEMPLATE = `<ul class="data-list">
  {{#each data}}
    <li>{{stringify this}}</li>
  {{/each}}
</ul>`;
