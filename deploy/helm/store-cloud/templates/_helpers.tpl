{{/* The release's prefix of every name (at most 63 characters, a DNS label). */}}
{{- define "store-cloud.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* A component's name: (list $ "backend"). */}}
{{- define "store-cloud.name" -}}
{{- printf "%s-%s" (include "store-cloud.fullname" (index . 0)) (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "store-cloud.selectorLabels" -}}
app.kubernetes.io/name: {{ (index . 0).Chart.Name }}
app.kubernetes.io/instance: {{ (index . 0).Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "store-cloud.labels" -}}
{{ include "store-cloud.selectorLabels" . }}
app.kubernetes.io/version: {{ (index . 0).Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ (index . 0).Release.Service }}
helm.sh/chart: {{ printf "%s-%s" (index . 0).Chart.Name (index . 0).Chart.Version }}
{{- end -}}

{{/* A component's image: (list $ "backend"). */}}
{{- define "store-cloud.image" -}}
{{- $ := index . 0 -}}
{{- $repository := index $.Values.image.repositories (index . 1) -}}
{{- $registry := $.Values.image.registry | trimSuffix "/" -}}
{{- printf "%s%s:%s" (ternary "" (printf "%s/" $registry) (empty $registry)) $repository (default $.Chart.AppVersion $.Values.image.tag) -}}
{{- end -}}

{{- define "store-cloud.secretName" -}}
{{- default (include "store-cloud.fullname" .) .Values.secrets.existingSecret -}}
{{- end -}}

{{/* Service addresses inside the cluster (the namespace's search path resolves the short name). */}}
{{- define "store-cloud.backendUrl" -}}
http://{{ include "store-cloud.name" (list . "backend") }}:3000
{{- end -}}
{{- define "store-cloud.mediaUrl" -}}
http://{{ include "store-cloud.name" (list . "media-server") }}:3100
{{- end -}}

{{/*
Secret variables as env entries, each from the chart's Secret or secrets.existingSecret (keys
named as the variables): (list $ "JWT_SECRET" ...). Optional ones may be missing from it.
*/}}
{{- define "store-cloud.secretEnv" -}}
{{- $ := index . 0 -}}
{{- range $name := rest . }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ include "store-cloud.secretName" $ }}
      key: {{ $name }}
      {{- if has $name $.Values.secrets.optional }}
      optional: true
      {{- end }}
{{- end }}
{{- end -}}

{{/* A map of variables as env entries, in name order. */}}
{{- define "store-cloud.plainEnv" -}}
{{- range $name, $value := . }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/*
What the API nodes, the worker and the seed read (compose's x-backend-env, x-media-env and
x-metrics-env): the fixed part here, the operator's part from .Values.backend.config, the
secrets by reference.
*/}}
{{- define "store-cloud.backendEnv" -}}
{{- $origin := required "portalOrigin is required: the portal's address as users type it, e.g. https://portal.example.com" .Values.portalOrigin -}}
{{- $fixed := dict
  "BACKEND_PORT" "3000"
  "HOST" "0.0.0.0"
  "HTTPS" "true"
  "TRUSTED_PROXIES" .Values.portal.trustedProxies
  "PORTAL_URL" $origin
  "WEBAUTHN_ORIGIN" $origin
  "MEDIA_SERVER_URL" (include "store-cloud.mediaUrl" .)
  "METRICS_PORT" "9464"
  "LOG_LEVEL" .Values.logLevel
  "OTEL_EXPORTER_OTLP_ENDPOINT" .Values.otlpEndpoint -}}
{{- include "store-cloud.plainEnv" (merge $fixed .Values.backend.config) }}
{{- include "store-cloud.secretEnv" (list . "MONGODB_URI" "REDIS_URL" "JWT_SECRET" "SITE_CREDENTIALS_KEY" "COMPANY_DEFAULT_PASSWORD" "TENTACLE_SECRET" "MEDIA_SERVICE_KEY" "ADMIN_PASSWORD" "OIDC_CLIENT_SECRET" "METRICS_TOKEN" "SMTP_URL" "BACKUP_SERVER_KEY") }}
{{- end -}}

{{/* Every pod: no API token (nothing here talks to Kubernetes), the operator's placement. */}}
{{- define "store-cloud.podCommon" -}}
automountServiceAccountToken: false
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* The Node images' user (node, 1000); group 1000 owns the media volume. */}}
{{- define "store-cloud.nodePodSecurity" -}}
securityContext:
  runAsNonRoot: true
  runAsUser: 1000
  runAsGroup: 1000
  fsGroup: 1000
  seccompProfile:
    type: RuntimeDefault
{{- end -}}

{{- define "store-cloud.containerSecurity" -}}
securityContext:
  allowPrivilegeEscalation: false
  capabilities:
    drop: [ALL]
{{- end -}}

{{/*
Restart on live, route traffic on ready (docs/operating.md "Health"): (list port). A process
listens once it has reached the database, so start-up may take up to 5 minutes before liveness
counts: a database that is late at start does not make the pods restart in a loop.
*/}}
{{- define "store-cloud.httpProbes" -}}
startupProbe:
  httpGet: { path: /health/live, port: {{ . }} }
  periodSeconds: 5
  failureThreshold: 60
livenessProbe:
  httpGet: { path: /health/live, port: {{ . }} }
  periodSeconds: 10
  timeoutSeconds: 5
  failureThreshold: 3
readinessProbe:
  httpGet: { path: /health/ready, port: {{ . }} }
  periodSeconds: 10
  timeoutSeconds: 5
  failureThreshold: 3
{{- end -}}

{{/* Rolls a component's pods when the secret values change. */}}
{{- define "store-cloud.secretChecksum" -}}
checksum/secret: {{ .Values.secrets | toJson | sha256sum }}
{{- end -}}

{{/* A PodDisruptionBudget: (list $ "component" .Values.component.pdb). */}}
{{- define "store-cloud.pdb" -}}
{{- $ := index . 0 -}}
{{- $pdb := index . 2 -}}
{{- if $pdb.enabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "store-cloud.name" (list $ (index . 1)) }}
  labels:
    {{- include "store-cloud.labels" (list $ (index . 1)) | nindent 4 }}
spec:
  {{- if hasKey $pdb "minAvailable" }}
  minAvailable: {{ $pdb.minAvailable }}
  {{- else }}
  maxUnavailable: {{ $pdb.maxUnavailable }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "store-cloud.selectorLabels" (list $ (index . 1)) | nindent 6 }}
{{- end }}
{{- end -}}
