/**
 * The calling convention of the server (EvalContext, FunctionRegistry, FunctionSpec, OxFunction, ValueFunction,
 * the LocalLanguage contract) and the builtin library (BuiltinFunctions and its families). Above algebra.
 */
package org.ox4j.server.function;
