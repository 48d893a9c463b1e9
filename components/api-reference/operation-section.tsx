"use client";

import { operationAnchor } from "./anchors";
import { SampleDetails } from "./code-samples";
import { InlineCode } from "./inline-code";
import { LazyDetails } from "./lazy-details";
import { Endpoint } from "./method-badge";
import type { OperationView } from "./operation-view";

/** One operation: what it is, an example call in four languages, its answer and schemas (collapsed, loaded when opened), its errors. */
export function OperationSection({ view }: { view: OperationView }) {
  const { operationId } = view;
  return (
    <section id={operationAnchor(operationId)} className="ref-op">
      <header>
        <h3>{view.summary}</h3>
        <Endpoint method={view.method} path={view.path} label="v2" />
        {view.twin ? <Endpoint method={view.method} path={view.twin.path} label="reseller API" /> : null}
        <p className="ref-meta">
          <span>
            operationId <code>{operationId}</code>
            {view.twin ? (
              <>
                {" / "}
                <code>{view.twin.operationId}</code>
              </>
            ) : null}
          </span>
          <span>
            rate limit <code>{view.category}</code> {`(${view.perMinute}/min)`}
          </span>
          <span>
            {view.scope ? (
              <>
                scope <code>{view.scope}</code>
              </>
            ) : (
              "no auth"
            )}
          </span>
        </p>
      </header>

      {view.description ? (
        <p className="ref-p ref-description">
          <InlineCode text={view.description} />
        </p>
      ) : null}

      {view.parameters.length > 0 ? (
        <div>
          <h4 className="ref-h4">Parameters</h4>
          <div tabIndex={0} role="region" aria-label="Parameters" className="ref-scroll">
            <table className="ref-table ref-params">
              <thead>
                <tr>
                  <th>name</th>
                  <th>in</th>
                  <th>schema</th>
                  <th>required</th>
                </tr>
              </thead>
              <tbody>
                {view.parameters.map((parameter) => (
                  <tr key={`${parameter.in}-${parameter.name}`}>
                    <td>{parameter.name}</td>
                    <td>{parameter.in}</td>
                    <td>
                      {parameter.schema}
                      {parameter.description ? <small>{parameter.description}</small> : null}
                    </td>
                    <td>{parameter.required ? "yes" : "no"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}

      <SampleDetails operationId={operationId} path={view.path} method={view.method} />

      {view.answer ? (
        <LazyDetails block={{ kind: "answer", operationId }} label={`Example answer of ${operationId}`} summary={`Example answer: ${view.answer}`} />
      ) : null}

      {view.schemas ? <LazyDetails block={{ kind: "schemas", operationId }} label={`Schemas of ${operationId}`} summary={`Schemas: ${view.schemas}`} /> : null}
      {view.bare?.map((response) => (
        <p key={response} className="ref-p">
          Response {response}
        </p>
      ))}

      {view.errors ? (
        <p className="ref-errors">
          <b>Errors</b>
          {` ${view.errors}`}
        </p>
      ) : null}
    </section>
  );
}
