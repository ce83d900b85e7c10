package dev.ctuner.advisor.core.learning;

import java.util.random.RandomGenerator;

/**
 * A small fully connected regression network: tanh hidden layers, one linear output, trained by
 * online stochastic gradient descent on squared error with L2 weight decay. Plain Java on
 * purpose: Smile 2.6's {@code smile.regression.MLP} computes its layers through native OpenBLAS
 * (bytedeco), a large native dependency for networks of a few dozen weights. Initial weights are
 * Glorot-uniform from the generator passed in, so a seed fixes the network. Thread-safe by
 * synchronisation (it reuses its activation buffers).
 */
final class SmallNetwork {

    private final double[][][] weights;   // [layer][out][in + 1], the last input is the bias
    private final double[][] activations;
    private final double[][] deltas;

    SmallNetwork(int inputs, int[] hidden, RandomGenerator random) {
        int layers = hidden.length + 1;
        weights = new double[layers][][];
        activations = new double[layers + 1][];
        deltas = new double[layers][];
        int in = inputs;
        activations[0] = new double[inputs];
        for (int l = 0; l < layers; l++) {
            int out = l < hidden.length ? hidden[l] : 1;
            double limit = Math.sqrt(6.0 / (in + out));
            weights[l] = new double[out][in + 1];
            for (double[] row : weights[l]) {
                for (int i = 0; i < in; i++) {
                    row[i] = (2 * random.nextDouble() - 1) * limit;
                }
            }
            activations[l + 1] = new double[out];
            deltas[l] = new double[out];
            in = out;
        }
    }

    synchronized double predict(double[] x) {
        System.arraycopy(x, 0, activations[0], 0, x.length);
        int last = weights.length - 1;
        for (int l = 0; l < weights.length; l++) {
            double[] input = activations[l];
            double[] output = activations[l + 1];
            for (int o = 0; o < output.length; o++) {
                double[] w = weights[l][o];
                double s = w[input.length];
                for (int i = 0; i < input.length; i++) {
                    s += w[i] * input[i];
                }
                output[o] = l == last ? s : Math.tanh(s);
            }
        }
        return activations[weights.length][0];
    }

    /** One gradient step on (x, y). */
    synchronized void update(double[] x, double y, double learningRate, double weightDecay) {
        double error = predict(x) - y;
        int last = weights.length - 1;
        deltas[last][0] = error;
        for (int l = last; l > 0; l--) {
            double[] below = activations[l];
            for (int i = 0; i < below.length; i++) {
                double s = 0;
                for (int o = 0; o < deltas[l].length; o++) {
                    s += weights[l][o][i] * deltas[l][o];
                }
                deltas[l - 1][i] = s * (1 - below[i] * below[i]);   // tanh'
            }
        }
        for (int l = 0; l <= last; l++) {
            double[] input = activations[l];
            for (int o = 0; o < deltas[l].length; o++) {
                double[] w = weights[l][o];
                double d = deltas[l][o];
                for (int i = 0; i < input.length; i++) {
                    w[i] -= learningRate * (d * input[i] + weightDecay * w[i]);
                }
                w[input.length] -= learningRate * d;
            }
        }
    }
}
