//! Export of the DL models to ONNX (opset 13): the messages of `onnx.proto` the exporter
//! writes, declared with `prost`'s derive (field numbers from `onnx.proto`), and the
//! conversion from [`Model`].
//!
//! Graph inputs are float32 tensors; constants are int64 initializers, except the float
//! `roi` and `scales` of Resize; the model's outputs are the node outputs no node consumes.

use crate::dl::{Attr, Model, Source};
use prost::Message;

/// `onnx.ModelProto` (the fields written).
#[derive(Clone, PartialEq, Message)]
pub struct ModelProto {
    /// IR version.
    #[prost(int64, tag = "1")]
    pub ir_version: i64,
    /// Producer.
    #[prost(string, tag = "2")]
    pub producer_name: String,
    /// The graph.
    #[prost(message, optional, tag = "7")]
    pub graph: Option<GraphProto>,
    /// Operator sets.
    #[prost(message, repeated, tag = "8")]
    pub opset_import: Vec<OperatorSetIdProto>,
}

/// `onnx.OperatorSetIdProto`.
#[derive(Clone, PartialEq, Message)]
pub struct OperatorSetIdProto {
    /// Domain (empty: the default one).
    #[prost(string, tag = "1")]
    pub domain: String,
    /// Version.
    #[prost(int64, tag = "2")]
    pub version: i64,
}

/// `onnx.GraphProto`.
#[derive(Clone, PartialEq, Message)]
pub struct GraphProto {
    /// Nodes, in topological order.
    #[prost(message, repeated, tag = "1")]
    pub node: Vec<NodeProto>,
    /// Name.
    #[prost(string, tag = "2")]
    pub name: String,
    /// Constants.
    #[prost(message, repeated, tag = "5")]
    pub initializer: Vec<TensorProto>,
    /// Inputs.
    #[prost(message, repeated, tag = "11")]
    pub input: Vec<ValueInfoProto>,
    /// Outputs.
    #[prost(message, repeated, tag = "12")]
    pub output: Vec<ValueInfoProto>,
}

/// `onnx.NodeProto`.
#[derive(Clone, PartialEq, Message)]
pub struct NodeProto {
    /// Input names.
    #[prost(string, repeated, tag = "1")]
    pub input: Vec<String>,
    /// Output names.
    #[prost(string, repeated, tag = "2")]
    pub output: Vec<String>,
    /// Name.
    #[prost(string, tag = "3")]
    pub name: String,
    /// Operator.
    #[prost(string, tag = "4")]
    pub op_type: String,
    /// Attributes.
    #[prost(message, repeated, tag = "5")]
    pub attribute: Vec<AttributeProto>,
}

/// `onnx.AttributeProto`.
#[derive(Clone, PartialEq, Message)]
pub struct AttributeProto {
    /// Name.
    #[prost(string, tag = "1")]
    pub name: String,
    /// A float value.
    #[prost(float, tag = "2")]
    pub f: f32,
    /// An integer value.
    #[prost(int64, tag = "3")]
    pub i: i64,
    /// A string value.
    #[prost(bytes = "vec", tag = "4")]
    pub s: Vec<u8>,
    /// Integer values.
    #[prost(int64, repeated, tag = "8")]
    pub ints: Vec<i64>,
    /// The type: 1 float, 2 int, 3 string, 7 ints.
    #[prost(int32, tag = "20")]
    pub r#type: i32,
}

/// `onnx.TensorProto` (dense, int64 or float data).
#[derive(Clone, PartialEq, Message)]
pub struct TensorProto {
    /// Dimensions.
    #[prost(int64, repeated, tag = "1")]
    pub dims: Vec<i64>,
    /// Element type: 1 float, 7 int64.
    #[prost(int32, tag = "2")]
    pub data_type: i32,
    /// Float data.
    #[prost(float, repeated, tag = "4")]
    pub float_data: Vec<f32>,
    /// Int64 data.
    #[prost(int64, repeated, tag = "7")]
    pub int64_data: Vec<i64>,
    /// Name.
    #[prost(string, tag = "8")]
    pub name: String,
}

/// `onnx.ValueInfoProto`.
#[derive(Clone, PartialEq, Message)]
pub struct ValueInfoProto {
    /// Name.
    #[prost(string, tag = "1")]
    pub name: String,
    /// Type.
    #[prost(message, optional, tag = "2")]
    pub r#type: Option<TypeProto>,
}

/// `onnx.TypeProto` (tensor types only).
#[derive(Clone, PartialEq, Message)]
pub struct TypeProto {
    /// A tensor type.
    #[prost(message, optional, tag = "1")]
    pub tensor_type: Option<TensorTypeProto>,
}

/// `onnx.TypeProto.Tensor`.
#[derive(Clone, PartialEq, Message)]
pub struct TensorTypeProto {
    /// Element type.
    #[prost(int32, tag = "1")]
    pub elem_type: i32,
    /// Shape.
    #[prost(message, optional, tag = "2")]
    pub shape: Option<TensorShapeProto>,
}

/// `onnx.TensorShapeProto`.
#[derive(Clone, PartialEq, Message)]
pub struct TensorShapeProto {
    /// Dimensions.
    #[prost(message, repeated, tag = "1")]
    pub dim: Vec<DimensionProto>,
}

/// `onnx.TensorShapeProto.Dimension` (fixed sizes only).
#[derive(Clone, PartialEq, Message)]
pub struct DimensionProto {
    /// The size.
    #[prost(int64, tag = "1")]
    pub dim_value: i64,
}

const FLOAT: i32 = 1;
const INT64: i32 = 7;

fn name(t: usize) -> String {
    format!("t{t}")
}

fn value_info(t: usize, shape: &[usize]) -> ValueInfoProto {
    ValueInfoProto {
        name: name(t),
        r#type: Some(TypeProto {
            tensor_type: Some(TensorTypeProto {
                elem_type: FLOAT,
                shape: Some(TensorShapeProto {
                    dim: shape
                        .iter()
                        .map(|d| DimensionProto {
                            dim_value: *d as i64,
                        })
                        .collect(),
                }),
            }),
        }),
    }
}

fn attribute(name: &str, value: &Attr) -> AttributeProto {
    let mut a = AttributeProto {
        name: name.to_string(),
        ..AttributeProto::default()
    };
    match value {
        Attr::Int(i) => {
            a.i = *i;
            a.r#type = 2;
        }
        Attr::Ints(list) => {
            a.ints.clone_from(list);
            a.r#type = 7;
        }
        Attr::Float(f) => {
            a.f = *f as f32;
            a.r#type = 1;
        }
        Attr::Str(s) => {
            a.s = s.as_bytes().to_vec();
            a.r#type = 3;
        }
    }
    a
}

/// The tensors the exported model gives as its outputs, in order: the node outputs no node
/// consumes.
///
/// ```
/// # use rand::SeedableRng;
/// use greduce_domains::{dl, onnx};
/// let model = dl::isra(&mut rand::rngs::StdRng::seed_from_u64(3));
/// let proto = onnx::to_proto(&model);
/// assert_eq!(onnx::outputs(&model).len(), proto.graph.unwrap().output.len());
/// ```
#[must_use]
pub fn outputs(model: &Model) -> Vec<usize> {
    let (_, consumed) = uses(model);
    let mut made = vec![false; model.tensors.len()];
    for node in &model.nodes {
        for &t in &node.outputs {
            made[t] = true;
        }
    }
    (0..model.tensors.len())
        .filter(|&t| made[t] && !consumed[t] && model.tensors[t].source == Source::Output)
        .collect()
}

/// Which tensors a node uses (as input or output), and which a node consumes.
fn uses(model: &Model) -> (Vec<bool>, Vec<bool>) {
    let mut used = vec![false; model.tensors.len()];
    let mut consumed = vec![false; model.tensors.len()];
    for node in &model.nodes {
        for &t in &node.inputs {
            used[t] = true;
            consumed[t] = true;
        }
        for &t in &node.outputs {
            used[t] = true;
        }
    }
    (used, consumed)
}

/// The model as an ONNX `ModelProto`.
pub fn to_proto(model: &Model) -> ModelProto {
    let (used, consumed) = uses(model);
    // Resize's roi and scales are float constants.
    let mut float_constant = vec![false; model.tensors.len()];
    for node in model.nodes.iter().filter(|n| n.op == "Resize") {
        for &t in node.inputs.iter().skip(1) {
            float_constant[t] = true;
        }
    }
    let mut graph = GraphProto {
        name: "greduce".to_string(),
        ..GraphProto::default()
    };
    for (t, tensor) in model.tensors.iter().enumerate() {
        if !used[t] {
            continue;
        }
        match &tensor.source {
            Source::Input => graph.input.push(value_info(t, &tensor.shape)),
            Source::Constant(values) => {
                let dims = tensor.shape.iter().map(|d| *d as i64).collect();
                graph.initializer.push(if float_constant[t] {
                    TensorProto {
                        dims,
                        data_type: FLOAT,
                        float_data: values.iter().map(|v| *v as f32).collect(),
                        name: name(t),
                        ..TensorProto::default()
                    }
                } else {
                    TensorProto {
                        dims,
                        data_type: INT64,
                        int64_data: values.clone(),
                        name: name(t),
                        ..TensorProto::default()
                    }
                });
            }
            Source::Output if !consumed[t] => graph.output.push(value_info(t, &tensor.shape)),
            Source::Output => {}
        }
    }
    for (i, node) in model.nodes.iter().enumerate() {
        graph.node.push(NodeProto {
            input: node.inputs.iter().map(|t| name(*t)).collect(),
            output: node.outputs.iter().map(|t| name(*t)).collect(),
            name: format!("n{i}"),
            op_type: node.op.to_string(),
            attribute: node.attrs.iter().map(|(k, v)| attribute(k, v)).collect(),
        });
    }
    ModelProto {
        ir_version: 7,
        producer_name: "greduce".to_string(),
        graph: Some(graph),
        opset_import: vec![OperatorSetIdProto {
            domain: String::new(),
            version: 13,
        }],
    }
}

/// The model as the bytes of an `.onnx` file.
pub fn to_onnx(model: &Model) -> Vec<u8> {
    to_proto(model).encode_to_vec()
}
