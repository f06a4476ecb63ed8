/* global window, SwaggerUIBundle */
// The REST reference (Swagger UI from the project's own dependencies), generated from /openapi.json.
window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: true,
  persistAuthorization: false,
  // The default validator badge calls validator.swagger.io: nothing here leaves the machine.
  validatorUrl: null,
});
